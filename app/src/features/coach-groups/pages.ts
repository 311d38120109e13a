/**
 * The group authoring pages' chunks, for the route table. The main bundle lists, for each lazy page it
 * imports, every chunk that page needs; reached through this one small module, it lists this module only, and
 * the pages' many chunks (the editor, dnd-kit, the forms) are listed here instead: the login route's budget.
 */
export const groupsPage = () => import('./components/groups-body');
export const groupNewPage = () => import('./components/group-new-body');
export const groupPage = () => import('./components/group-body');
/** A group's lesson and an academy lesson: one editor, one chunk. */
export const lessonPage = () => import('./components/lesson-body');
