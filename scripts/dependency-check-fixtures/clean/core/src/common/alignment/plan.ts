export type Plan = string;
export const plan: Plan = 'plan';
