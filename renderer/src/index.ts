// Placeholder: the React workbench arrives with issue 5.
export const rendererPlanned = true;
