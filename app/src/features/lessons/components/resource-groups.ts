import type { LessonResource, LessonResourceType } from '../api/lesson-types';

interface ResourceGroup {
  type: LessonResourceType;
  resources: LessonResource[];
}

/**
 * Resources by type, then by order (SPEC §3): a type comes where its first resource is in the coach's order,
 * so the coach's ordering decides both.
 */
export function groupResources(resources: readonly LessonResource[]): ResourceGroup[] {
  const sorted = [...resources].sort((a, b) => a.order - b.order || a.id - b.id);
  const groups = new Map<number, ResourceGroup>();
  for (const resource of sorted) {
    const group = groups.get(resource.type.id) ?? { type: resource.type, resources: [] };
    group.resources.push(resource);
    groups.set(resource.type.id, group);
  }
  return [...groups.values()];
}
