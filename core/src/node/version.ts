/** The mediator's own version (reported by the CLI and, later, GET /version). */
export const VERSION = '0.1.0';
