/** The admin's page modules, kept out of the main entry like the coach's (see ./coach-pages). */
export const adminPages = {
  admin: () => import('@/features/admin-people/components/people-page'),
  adminPersonNew: () => import('@/features/admin-people/components/person-new-page'),
  adminPerson: () => import('@/features/admin-people/components/person-page'),
  adminCompanies: () => import('@/features/admin-people/components/companies-page'),
  adminAssignments: () => import('@/features/admin-people/components/assignments-page'),
  adminImport: () => import('@/features/admin-import/components/import-page'),
  adminAudit: () => import('@/features/admin-people/components/audit-page'),
  adminKeys: () => import('@/features/admin-keys/components/keys-page'),
  adminWebhooks: () => import('@/features/admin-webhooks/components/webhooks-page'),
  adminWebhook: () => import('@/features/admin-webhooks/components/webhook-page'),
};
