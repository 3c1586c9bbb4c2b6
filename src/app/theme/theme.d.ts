/** Built once; light and dark follow the system through CSS media queries (no flash, no script). */
export declare const theme: import("@mui/material/styles").Theme;
