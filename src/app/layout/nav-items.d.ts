import type { SvgIconComponent } from '@mui/icons-material';
export interface NavItem {
    readonly label: string;
    readonly to: string;
    readonly icon: SvgIconComponent;
    readonly external?: boolean;
}
export interface NavGroup {
    readonly label: string | undefined;
    readonly items: readonly NavItem[];
}
export declare const navGroups: readonly NavGroup[];
