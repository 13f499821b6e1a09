// core never imports the UI.
export { App } from '../../../../renderer/src/app/app.js';
export { useState } from 'react';
