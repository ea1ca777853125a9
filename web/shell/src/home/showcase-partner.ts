/** A partner on the home page's showcase, as its card and its dialog show it. */
export interface ShowcasePartner {
  name: string;
  initials: string;
  type: string;
  location: string;
  since: string;
  figure: string;
  overview: string;
  achievements?: string[];
  website: string;
  colour: string;
}
