import type { Components, Theme } from '@mui/material/styles';
/** Component overrides, by kind. The visible focus ring is part of every interactive control. */
export declare const overrides: Components<Omit<Theme, 'components'>>;
