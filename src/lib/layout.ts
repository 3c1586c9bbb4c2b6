/** The shell's layout sizes, shared by the app layout and the player bar. */
export const layout = {
  /** At or below this width the sidebar becomes a drawer. */
  mobileBreakpointPx: 768,
  sidebarWidth: '16rem',
  sidebarWidthMobile: '18rem',
  sidebarWidthIcon: '3rem',
  playerBarHeightPx: 58,
} as const;
