/** Types of the structural-sharing helper in share.js (for the unit tests). */
export function shareEqual<T>(prev: T | null, next: T): T;
