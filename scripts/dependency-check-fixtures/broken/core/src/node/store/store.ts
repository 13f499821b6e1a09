export const openStore = 'store';
