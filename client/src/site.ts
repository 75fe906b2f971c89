/**
 * The firm's public identity in one place: name, texts, team and links. Change the firm here;
 * no page repeats any of it.
 */
export interface TeamMember {
  name: string;
  title: string;
  /** A photo under client/public; without one the page shows a neutral monogram portrait. */
  photo?: string;
}

export const site = {
  name: 'Alder Finch Capital',
  description: 'A proprietary trading and investment firm.',
  /** The postal address statements and letters carry. */
  address: ['200 Clarendon Street, Suite 4100', 'Boston, MA 02116', 'United States'],

  home: {
    eyebrow: 'Proprietary trading & investment',
    title: 'Alder Finch Capital',
    intro:
      'We are a proprietary trading firm that invests our own capital across public markets, private ventures and real estate. ' +
      'We give our investors the knowledge, tools and resources to understand every position we hold, ' +
      'and we work toward one collaborative mission: disciplined, durable growth shared with the partners who trust us.',
    backgroundImage: '/images/skyline.svg',
  },

  team: {
    heading: 'Meet the Team!',
    culture:
      'Our culture rests on collaboration, integrity and continuous growth. We share research openly, ' +
      'hold ourselves to plain honesty with every partner, and keep learning from each market we trade.',
    members: [
      // Set `photo: '/images/team/<name>.jpg'` to show a real photograph instead of the monogram.
      { name: 'Eleanor Whitfield', title: 'General Partner' },
      { name: 'Marcus Adeyemi', title: 'General Partner' },
    ] as TeamMember[],
    joinHeading: 'Want to Join Our Team?',
    joinText: 'We are always glad to hear from people who share our values and our curiosity about markets.',
    joinAction: 'Apply Here',
  },

  contact: {
    heading: 'Contact Us',
    intro:
      'We would be glad to hear from you. Whether you have a question about the firm, our approach or partnering with us, ' +
      'get in touch using the form below and a partner will reply.',
    email: 'partners@alderfinch.example',
    professionalNetwork: {
      label: 'Alder Finch Capital on LinkedIn',
      url: 'https://www.linkedin.com/company/alder-finch-capital',
    },
  },
} as const;
