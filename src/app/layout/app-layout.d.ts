import { type ReactNode } from 'react';
export interface RouteHandle {
    readonly title: string;
}
export declare function AppLayout({ children }: {
    children?: ReactNode;
}): import("react").JSX.Element;
