// Placeholder: the Electron shell arrives with issue 6.
export const electronShellPlanned = true;
