/** The demo's welcome space, its Company collection and the spaces at the top of the tree. */
import { WELCOME, HOW_WE_WORK, WRITING_GUIDELINES, HANDBOOK_MISSION } from './pages.ts';
import { collection, space, type DemoCollection, type DemoSpace } from './types.ts';

export const WELCOME_SPACE: DemoSpace = space({
  title: 'Welcome to Acme',
  emoji: '👋',
  visibility: 'public',
  creator: 'Ada Lovelace',
  ageDays: 380,
  topic: 'Acme Docs',
  images: ['logo.png', 'workflow.png'],
  pages: [
    { title: 'Welcome', emoji: '👋', markdown: WELCOME },
    {
      title: 'How we work',
      markdown: HOW_WE_WORK,
      pages: [{ title: 'Writing guidelines', markdown: WRITING_GUIDELINES }, 'Review checklist'],
    },
    'Glossary',
  ],
});

export const COMPANY: DemoCollection = collection({
  title: 'Company',
  description: 'The handbook, people and policies.',
  defaultLevel: 'read',
  children: [
    space({
      title: 'Company Handbook',
      emoji: '🏢',
      visibility: 'in-collection',
      editMode: 'locked',
      creator: 'Ada Lovelace',
      ageDays: 395,
      topic: 'life at Acme',
      pages: [
        { title: 'Mission and values', markdown: HANDBOOK_MISSION },
        'How we communicate',
        { title: 'Working hours', pages: ['Time off', 'Public holidays'] },
        'Equipment',
      ],
    }),
    space({
      title: 'Benefits',
      emoji: '🎁',
      visibility: 'in-collection',
      creator: 'Hedy Lamarr',
      ageDays: 100,
      topic: 'benefits',
      pages: ['Health insurance', 'Learning budget', 'Home office'],
    }),
    collection({
      title: 'People',
      description: 'Joining, growing and hiring.',
      children: [
        space({
          title: 'Onboarding',
          emoji: '1f9d1-200d-1f4bb',
          visibility: 'in-collection',
          creator: 'Katherine Johnson',
          ageDays: 250,
          topic: 'onboarding',
          images: ['workflow.png'],
          pages: ['First day', 'First week', 'First month', 'Buddy program'],
        }),
        space({
          title: 'Hiring Process',
          emoji: '🤝',
          visibility: 'private',
          creator: 'Edsger Dijkstra',
          ageDays: 110,
          topic: 'hiring',
          pages: ['Opening a role', 'Interviews', 'Offers'],
        }),
      ],
    }),
    collection({
      title: 'Policies',
      description: 'Rules everyone follows.',
      children: [
        space({
          title: 'Security Policy',
          emoji: '🛡️',
          visibility: 'in-collection',
          creator: 'Radia Perlman',
          ageDays: 270,
          topic: 'security',
          pages: ['Passwords and keys', 'Devices', 'Reporting a vulnerability'],
        }),
        space({
          title: 'Travel & Expenses',
          emoji: '✈️',
          visibility: 'in-collection',
          creator: 'Annie Easley',
          ageDays: 80,
          topic: 'travel and expenses',
          pages: ['Booking travel', 'Expense claims'],
        }),
      ],
    }),
  ],
});

export const BRAND_GUIDELINES: DemoSpace = space({
  title: 'Brand Guidelines',
  emoji: '🖌️',
  visibility: 'public',
  creator: 'Sophie Wilson',
  ageDays: 160,
  topic: 'the brand',
  images: ['logo.png'],
  pages: ['Logo', 'Voice and tone', 'Colours'],
});

export const ROADMAP: DemoSpace = space({
  title: 'Roadmap 2026',
  emoji: '🗺️',
  visibility: 'unlisted',
  creator: 'Grace Hopper',
  ageDays: 40,
  topic: 'the 2026 roadmap',
  pages: ['Themes', { title: 'Quarters', pages: ['Q1', 'Q2', 'Q3', 'Q4'] }, 'Not doing'],
});

export const MEETING_NOTES: DemoSpace = space({
  title: 'Meeting Notes',
  emoji: '📝',
  visibility: 'private',
  creator: 'Margaret Hamilton',
  ageDays: 30,
  topic: 'weekly meetings',
  pages: [{ title: 'February 2026', pages: ['Week 6', 'Week 7', 'Week 8'] }, 'Template'],
});

export const SECURITY_INCIDENTS: DemoSpace = space({
  title: 'Security Incidents',
  emoji: '🔒',
  visibility: 'private',
  defaultLevel: null,
  creator: 'Radia Perlman',
  ageDays: 75,
  topic: 'security incidents',
  pages: ['Register', 'Disclosure process'],
});

export const SCRATCHPAD: DemoSpace = space({
  title: 'Scratchpad',
  emoji: '',
  visibility: 'private',
  creator: 'Alan Turing',
  ageDays: 12,
  topic: 'drafts',
  pages: ['Ideas', 'Drafts'],
});

export const OLD_WIKI: DemoSpace = space({
  title: 'Old Wiki',
  emoji: '🗑️',
  visibility: 'private',
  creator: 'Grace Hopper',
  ageDays: 390,
  topic: 'the old wiki',
  deletedDaysAgo: 2,
  pages: ['Home', 'Archive'],
});
