// Placeholder: Playwright end-to-end tests arrive with issue 5.
export const e2ePlanned = true;
