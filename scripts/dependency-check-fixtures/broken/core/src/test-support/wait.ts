export const wait = 'wait';
