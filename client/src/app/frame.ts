/** User agents counted as phones and tablets; everything else gets the 480px desktop frame. */
export const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Symbian|Windows Phone/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** CSS draws the frame from html[data-frame]: "mobile" is full width, "desktop" a centred column. */
export function applyFrame(userAgent: string): void {
  document.documentElement.dataset.frame = isMobileUserAgent(userAgent) ? 'mobile' : 'desktop';
}
