/** The information pages, each a section of the `info` namespace and a route of its name. */
export const INFO_PAGES = [
  'helpForNewbies',
  'marketClock',
  'tradingRules',
  'userAgreement',
  'privacyAgreement',
  'aboutUs',
] as const;
export type InfoPage = (typeof INFO_PAGES)[number];

export interface InfoSection {
  heading: string;
  paragraphs: string[];
}
