/** The shell's layout sizes, shared by the app layout and the player bar. */
export const layout = {
  /** At or below this width the sidebar becomes a drawer. */
  mobileBreakpointPx: 768,
  sidebarWidth: '16rem',
  sidebarWidthMobile: '18rem',
  sidebarWidthIcon: '3rem',
  playerBarHeightPx: 58,
  /** The floating player bar's distance from the window's bottom edge. */
  playerBarBottomPx: 16,
  /** The sticky header: a dense toolbar and its 1 px border. */
  headerHeightPx: 49,
  /** Room kept between a bar and a control scrolled into view beside it: its focus ring (3 px, 2 px off) and a gap. */
  focusClearancePx: 12,
} as const;

/**
 * The floating player bar's place over the page, bottom centre (sx): the bar and what stands in for it before anything
 * plays (the "Continue" offer) sit there, above the app bar.
 */
export const playerBarPlaceSx = {
  position: 'fixed',
  bottom: layout.playerBarBottomPx,
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'min(28rem, calc(100vw - 32px))',
  zIndex: (theme: { zIndex: { appBar: number } }) => theme.zIndex.appBar + 1,
} as const;

/**
 * Text for screen readers only. Sizes in px strings: MUI reads a bare 1 as 100 % (WebKit then
 * scrolled the page sideways to 2111 px in a 1280 px window).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
