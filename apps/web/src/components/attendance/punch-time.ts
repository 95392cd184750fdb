// A punch's local time as the screens print it (pure; the attendance screens' format.ts re-exports these).

/** 'YYYY-MM-DD HH:MM' (a punch's local time) → 'HH:MM'. */
export const clockOf = (localTime: string): string => localTime.slice(11, 16);
/** 'YYYY-MM-DD HH:MM' → 'YYYY-MM-DD'. */
export const dateOf = (localTime: string): string => localTime.slice(0, 10);
