interface SidebarProps {
    readonly isMobile: boolean;
}
export declare const visuallyHidden: {
    readonly position: "absolute";
    readonly width: 1;
    readonly height: 1;
    readonly overflow: "hidden";
    readonly clip: "rect(0 0 0 0)";
    readonly whiteSpace: "nowrap";
};
export declare function Sidebar({ isMobile }: SidebarProps): import("react").JSX.Element;
export {};
