export const App = 'app';
