/** Operations of this group: to be defined (see organizations.ts for the pattern). */
export const siteSectionOperations = {};
