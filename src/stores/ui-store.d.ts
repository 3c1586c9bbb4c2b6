export interface UiState {
    /** Desktop: expanded (16rem) or the 3rem icon rail. Persisted as '1'/'0'. */
    sidebarOpen: boolean;
    /** Mobile (<= 768px): the temporary drawer. Not persisted: it should not reopen on reload. */
    drawerOpen: boolean;
}
export declare function createUiStore(): UiState;
export declare const uiStore: UiState;
/** Ctrl/Cmd+B: the drawer on small screens, the sidebar otherwise. */
export declare function toggleSidebar(isMobile: boolean, store?: UiState): void;
export declare function closeDrawer(store?: UiState): void;
