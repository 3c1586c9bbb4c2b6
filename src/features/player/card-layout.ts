/** The cover's shape on a home card: wide enough for a corner button above a level bar at its foot. */
export const COVER_ASPECT = '3 / 2';
