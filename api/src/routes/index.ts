// The route table: every path the API answers, in SPEC §7's order and spelling, in one place; a route that a
// module declares with its own method and url (`at`) joins it from that module (routeModules below).
import { graphql } from '../graphql/index.js';
import * as auth from './auth-routes.js';
import * as adminOrganisation from './admin-organisation-routes.js';
import * as adminPeople from './admin-people-routes.js';
import * as actionSteps from './client-action-steps-routes.js';
import * as adminWebhooks from './admin-webhooks-routes.js';
import * as calendars from './calendar-routes.js';
import * as metrics from './client-metrics-routes.js';
import * as assessments from './assessment-routes.js';
import * as files from './company-files-routes.js';
import * as notes from './client-notes-routes.js';
import * as coachSteps from './coach-action-steps-routes.js';
import * as coachClients from './coach-clients-routes.js';
import * as coachFiles from './coach-files-routes.js';
import * as booking from './booking-routes.js';
import * as coachBooking from './coach-booking-routes.js';
import * as coachMeetings from './coach-meetings-routes.js';
import * as coachMessages from './coach-messages-routes.js';
import * as coachSessions from './coach-sessions-routes.js';
import * as coachProgress from './coach-progress-routes.js';
import * as coachFlash from './coach-flash-routes.js';
import * as coachResources from './coach-resources-routes.js';
import * as coachAssessments from './coach-assessments-routes.js';
import * as sharedResources from './client-resources-routes.js';
import * as coachRequests from './coach-requests-routes.js';
import * as coachToday from './coach-today-routes.js';
import * as coachAcademy from './coach-academy-routes.js';
import * as coachGroups from './coach-groups-routes.js';
import * as coachLessons from './coach-lessons-routes.js';
import * as coachChecklist from './coach-checklist-routes.js';
import * as adminKeys from './admin-api-keys-routes.js';
import { adminImportPeople } from './admin-import-routes.js';
import * as integration from './integration-routes.js';
import * as integrationBooking from './integration-booking-routes.js';
import * as integrationPeople from './integration-people-routes.js';
import { openApiDocument } from './openapi.js';
import * as flash from './flash-routes.js';
import * as lessons from './lesson-routes.js';
import * as lessonFiles from './lesson-file-routes.js';
import * as mail from './mail-routes.js';
import * as schedule from './client-schedule-routes.js';
import * as support from './support-routes.js';
import * as team from './client-team-routes.js';
import * as password from './password-routes.js';
import * as payments from './payment-routes.js';
import * as profile from './profile-routes.js';
import * as notifications from './notification-routes.js';
import * as unsubscribe from './unsubscribe-routes.js';
import * as push from './push-routes.js';
import * as recaps from './recap-routes.js';
import * as goals from './goal-routes.js';
import { declaredIn, type TableEntry } from './route.js';
import * as system from './system-routes.js';
import * as operator from './operator-routes.js';
import * as agreements from './agreement-routes.js';
import * as integrationAgreements from './integration-agreement-routes.js';
import * as forms from './forms-routes.js';
import * as billingOfferings from './billing-offerings-routes.js';
import * as billingBuy from './billing-buy-routes.js';
import * as billingCredits from './billing-credits-routes.js';
import * as billingInvoices from './billing-invoices-routes.js';
import * as billingRefunds from './billing-refunds-routes.js';
import * as integrationBilling from './integration-billing-routes.js';
import * as billingReports from './billing-reports-routes.js';

/**
 * The route modules: each route one of them declares whole (`route({ at: [method, url], … })`) is in the table,
 * so a new route of a listed module is its export alone, and a new module one line here.
 */
const routeModules: readonly Record<string, unknown>[] = [
  auth,
  adminOrganisation,
  adminPeople,
  actionSteps,
  adminWebhooks,
  calendars,
  metrics,
  assessments,
  files,
  notes,
  coachSteps,
  coachClients,
  coachFiles,
  coachMeetings,
  booking,
  coachBooking,
  coachMessages,
  coachSessions,
  coachProgress,
  coachFlash,
  coachResources,
  coachAssessments,
  sharedResources,
  coachRequests,
  coachToday,
  coachAcademy,
  coachGroups,
  coachLessons,
  adminKeys,
  integration,
  integrationBooking,
  integrationPeople,
  flash,
  lessons,
  mail,
  schedule,
  support,
  team,
  password,
  payments,
  profile,
  notifications,
  unsubscribe,
  push,
  system,
  operator,
  recaps,
  goals,
  agreements,
  integrationAgreements,
  forms,
  billingOfferings,
  billingBuy,
  billingCredits,
  billingInvoices,
  billingRefunds,
  integrationBilling,
  billingReports,
];

/** GraphQL's path: its query text is graphql-js's to parse, so the plain-text check of routes skips it. */
export const graphqlPath = '/gapi';

export const routeTable: TableEntry[] = [
  ['GET', '/health', system.health],
  ['GET', '/ready', system.ready],
  // Auth
  ['GET', '/sanctum/csrf-cookie', system.csrfCookie],
  ['POST', '/api/auth/studentlogin', auth.studentLogin],
  ['GET', '/api/auth/logout', auth.logout],
  ['POST', '/api/auth/loginotp', auth.loginOtp],
  ['POST', '/api/auth/loginotpfbs', auth.loginOtpFbs],
  ['POST', '/api/auth/fbslogin', auth.fbsLogin],
  ['POST', '/api/auth/generateOTP', auth.generateOtp],
  ['POST', '/api/v1/verifyOTP', auth.verifyOtp],
  ['POST', '/api/auth/verifyRecaptchaToken', auth.verifyRecaptcha],
  ['POST', '/api/password/create', password.createReset],
  ['POST', '/api/password/reset', password.resetPassword],
  // An invited person's first password (not in SPEC §7: the link of an admin's invitation)
  ['POST', '/api/password/invitation', password.acceptInvitation],
  // The link that confirms a new login email an admin set (not in SPEC §7)
  ['POST', '/api/email-change/confirm', password.confirmEmailChange],
  // The signed-in user (not in SPEC §7: the profile a REST client can re-read after login).
  ['GET', '/api/v1/me', auth.me],
  // Profile
  ['POST', '/api/v1/students/update/:id', profile.updateDetails],
  ['POST', '/api/v1/students/updatetwo/:id', profile.updateSocial],
  ['POST', '/api/v1/student/profilephoto/update', profile.updatePhoto],
  ['GET', '/api/v1/student/profilephoto/:publicId', profile.photo],
  // Which notifications the client gets by mail (My Profile); sign-in codes, links and resets always go.
  // Support
  ['POST', '/api/v1/tickets', support.tickets],
  ['GET', '/api/v1/tickets', support.myTickets],
  ['POST', '/api/v1/users/error/logs/', profile.errorReport],
  // Client portal
  ['POST', '/api/v1/clientportal/notes/', notes.notes],
  ['POST', '/api/v1/clientportal/store/note/', notes.storeNote],
  ['POST', '/api/v1/clientportal/edit/note/', notes.editNote],
  ['POST', '/api/v1/clientportal/delete/note/', notes.deleteNote],
  ['POST', '/api/v1/clientportal/schedule/', schedule.schedule],
  ['POST', '/api/v1/clientportal/coach/profile/', profile.coachProfile],
  ['POST', '/api/v1/clientportal/implementations/add/', assessments.addImplementation],
  ['POST', '/api/v1/clientportal/change/action/status', actionSteps.changeActionStatus],
  ['POST', '/api/v1/clientportal/metrics/list/', metrics.metrics],
  ['POST', '/api/v1/clientportal/metrics/save', metrics.saveMetric],
  ['POST', '/api/v1/clientportal/metrics/update', metrics.updateMetric],
  ['POST', '/api/v1/clientportal/commitments/update', actionSteps.updateCommitment],
  ['POST', '/api/v1/clientportal/team/members/', team.teamMembers],
  ['POST', '/api/v1/clientportal/team/add/', team.addTeamMember],
  ['POST', '/api/v1/clientportal/team/member/assign/', team.assignTask],
  ['POST', '/api/v1/clientportal/team/task/change/deadline/', team.changeDeadline],
  ['POST', '/api/v1/clientportal/team/task/get/deadline/', team.getDeadline],
  // Files (the download is not in SPEC §7: files go out only through this authorised route)
  ['GET', '/api/v1/companies/files/:id', files.companyFiles],
  ['GET', '/api/v1/companies/files/:id/download/:fileId', files.downloadFile],
  ['POST', '/api/v1/companies/newcoachfile/', files.newCoachFile],
  ['POST', '/api/v1/companies/deletefile/', files.deleteFile],
  ['POST', '/api/v1/companies/updatefile/', files.updateFile],
  // A client's files for them alone (not in SPEC §7: a client without a company has no company's files)
  ['GET', '/api/v1/me/files', files.ownFiles],
  ['GET', '/api/v1/me/files/:fileId', files.downloadOwnFile],
  // Assessments and coaching
  ['POST', '/api/v1/coachingportal/metrics/share/', metrics.shareMetrics],
  ['POST', '/api/v1/assessments/company/simple/', assessments.companyAssessments],
  ['POST', '/api/v1/assessments/analysis/:id', assessments.analysisPage],
  ['GET', '/api/v1/priorities/implementation/:id', assessments.priorityImplementationPage],
  ['GET', '/api/v1/currencies', assessments.currencies],
  ['POST', '/api/v1/coachingportal/implementation/show/', assessments.implementationShow],
  ['POST', '/api/v1/coachingportal/task/share/', team.shareTasks],
  ['POST', '/api/v1/coachingportal/commitment/download/', actionSteps.commitmentDownload],
  ['POST', '/api/v1/impcoaching/steps/', actionSteps.steps],
  ['POST', '/api/v1/impcoaching/task/download/', team.taskDownload],
  ['POST', '/api/v1/actionsteps/access', actionSteps.actionStepsAccess],
  // Tasks and feedback
  ['POST', '/api/v1/tasks/client/', team.clientTasks],
  ['POST', '/api/v1/tasks/status/', team.taskStatus],
  ['POST', '/api/v1/testimonials/addtestimonial', support.addTestimonial],
  ['POST', '/api/v1/testimonials/addreferral', support.addReferral],
  // Other
  ['POST', '/api/v1/tracker/monthly', metrics.trackMonth],
  // Other: group recordings and lesson analytics
  ['POST', '/api/v1/lessons/recording/', lessons.recordings],
  ['POST', '/api/v1/training-analytics/', lessons.trainingAnalytics],
  // Other: flash coaching (the two GETs are not in SPEC §7) and paid groups (the webhook is Stripe's call)
  ['POST', '/api/v1/flashcoaching', flash.record],
  ['GET', '/api/v1/flashcoaching/lessons', flash.lessons],
  ['GET', '/api/v1/flashcoaching/lessons/:assessmentId/:lessonId', flash.lesson],
  ['POST', '/api/v1/users/studentpaid/', payments.studentPaid],
  ['POST', '/api/v1/users/studentemail/', payments.studentEmail],
  ['POST', '/integrations/stripe/create-intent', payments.createIntent],
  ['POST', '/integrations/stripe/webhook', payments.stripeWebhook],
  // Mailbox attachments (the messages themselves are GraphQL's; the download is not in SPEC §7)
  ['POST', '/upload/mail', mail.upload],
  ['POST', '/delete/mail', mail.discard],
  ['GET', '/api/v1/mail/attachments/:id', mail.download],
  // The coach's workspace (not in SPEC §7: the coach's side of every conversation)
  ['GET', '/api/v1/coach/today', coachToday.coachToday],
  ['GET', '/api/v1/coach/clients', coachClients.coachClients],
  ['GET', '/api/v1/coach/clients/:id', coachClients.coachClientPage],
  ['POST', '/api/v1/coach/clients/:id/notes', coachClients.addPrivateNote],
  ['POST', '/api/v1/coach/clients/:id/files', coachFiles.sendClientFile],
  ['GET', '/api/v1/coach/clients/:id/files/:fileId', coachFiles.downloadClientFile],
  ['POST', '/api/v1/coach/clients/:id/action-steps', coachSteps.addActionStep],
  ['POST', '/api/v1/coach/action-steps/:id', coachSteps.editActionStep],
  ['POST', '/api/v1/coach/action-steps/:id/move', coachSteps.moveActionStep],
  ['GET', '/api/v1/coach/messages', coachMessages.coachThreads],
  ['GET', '/api/v1/coach/messages/:id', coachMessages.coachThread],
  ['POST', '/api/v1/coach/messages', coachMessages.coachCompose],
  ['POST', '/api/v1/coach/messages/:id/reply', coachMessages.coachReply],
  ['GET', '/api/v1/coach/meetings', coachMeetings.coachMeetings],
  ['POST', '/api/v1/coach/meetings', coachMeetings.scheduleMeeting],
  ['POST', '/api/v1/coach/meetings/:id', coachMeetings.changeMeeting],
  ['POST', '/api/v1/coach/meetings/:id/cancel', coachMeetings.cancelMeeting],
  ['GET', '/api/v1/coach/requests', coachRequests.coachRequests],
  ['POST', '/api/v1/coach/requests/:kind/:id', coachRequests.changeRequest],
  // The tenant admin's webhooks out (not in SPEC §7)
  ['GET', '/api/v1/admin/webhooks', adminWebhooks.webhooks],
  ['POST', '/api/v1/admin/webhooks', adminWebhooks.addWebhook],
  ['GET', '/api/v1/admin/webhooks/:id', adminWebhooks.webhook],
  ['POST', '/api/v1/admin/webhooks/:id', adminWebhooks.changeWebhook],
  ['POST', '/api/v1/admin/webhooks/:id/rotate', adminWebhooks.rotateWebhookSecret],
  ['POST', '/api/v1/admin/webhooks/:id/delete', adminWebhooks.deleteWebhook],
  ['GET', '/api/v1/admin/webhooks/:id/deliveries', adminWebhooks.webhookDeliveries],
  ['POST', '/api/v1/admin/webhooks/:id/deliveries/:deliveryId/again', adminWebhooks.sendDeliveryAgain],
  // The tenant admin (not in SPEC §7: people, companies, coach assignments, the audit log)
  ['GET', '/api/v1/admin/people', adminPeople.adminPeople],
  ['POST', '/api/v1/admin/people', adminPeople.adminAddPerson],
  ['GET', '/api/v1/admin/people/:id', adminPeople.adminPerson],
  ['POST', '/api/v1/admin/people/:id', adminPeople.adminChangePerson],
  ['POST', '/api/v1/admin/people/:id/deactivate', adminPeople.adminDeactivate],
  ['POST', '/api/v1/admin/people/:id/reactivate', adminPeople.adminReactivate],
  ['POST', '/api/v1/admin/people/:id/invitation', adminPeople.adminInvite],
  ['POST', '/api/v1/admin/people/:id/email-change/cancel', adminPeople.adminCancelEmailChange],
  ['POST', '/api/v1/admin/people/:id/email-change/resend', adminPeople.adminResendEmailChange],
  ['GET', '/api/v1/admin/companies', adminOrganisation.adminCompanies],
  ['POST', '/api/v1/admin/companies', adminOrganisation.adminAddCompany],
  ['POST', '/api/v1/admin/companies/:id', adminOrganisation.adminRenameCompany],
  ['POST', '/api/v1/admin/assignments', adminOrganisation.adminAssign],
  ['GET', '/api/v1/admin/audit', adminOrganisation.adminAudit],
  // The coach's programme: live sessions, recordings and progress of their groups, flash lessons, the library
  ['GET', '/api/v1/coach/groups/:id/sessions', coachSessions.groupSessionsPage],
  ['POST', '/api/v1/coach/groups/:id/sessions', coachSessions.scheduleSession],
  ['POST', '/api/v1/coach/groups/:id/sessions/:sessionId', coachSessions.changeSession],
  ['POST', '/api/v1/coach/groups/:id/sessions/:sessionId/cancel', coachSessions.cancelSession],
  ['POST', '/api/v1/coach/groups/:id/recordings', coachSessions.addRecording],
  ['POST', '/api/v1/coach/groups/:id/recordings/:recordingId/delete', coachSessions.removeRecording],
  ['GET', '/api/v1/coach/groups/:id/progress', coachProgress.groupProgressPage],
  ['GET', '/api/v1/coach/groups/:id/progress/csv', coachProgress.groupProgressCsv],
  ['GET', '/api/v1/coach/clients/:id/flash-lessons', coachFlash.clientFlashLessons],
  ['POST', '/api/v1/coach/clients/:id/flash-lessons', coachFlash.setFlashAccess],
  ['POST', '/api/v1/coach/clients/:id/assessments', coachAssessments.createAssessment],
  ['GET', '/api/v1/coach/clients/:id/assessments/:assessmentId', coachAssessments.assessmentOfClient],
  ['POST', '/api/v1/coach/clients/:id/assessments/:assessmentId', coachAssessments.editAssessment],
  ['POST', '/api/v1/coach/clients/:id/assessments/:assessmentId/areas', coachAssessments.addArea],
  ['POST', '/api/v1/coach/clients/:id/areas/:areaId', coachAssessments.editArea],
  ['POST', '/api/v1/coach/clients/:id/areas/:areaId/delete', coachAssessments.deleteArea],
  ['POST', '/api/v1/coach/clients/:id/areas/:areaId/steps', coachAssessments.addImplementationStep],
  ['POST', '/api/v1/coach/clients/:id/steps/:stepId/delete', coachAssessments.deleteImplementationStep],
  ['GET', '/api/v1/coach/resources', coachResources.coachLibrary],
  ['POST', '/api/v1/coach/resources/links', coachResources.addLink],
  ['POST', '/api/v1/coach/resources/files', coachResources.addFile],
  ['POST', '/api/v1/coach/resources/:id/shares', coachResources.shareResource],
  ['POST', '/api/v1/coach/resources/:id/shares/:shareId/delete', coachResources.unshareResource],
  ['POST', '/api/v1/coach/resources/:id/delete', coachResources.deleteResource],
  ['GET', '/api/v1/coach/resources/:id/file', coachResources.downloadResource],
  // What the client's coaches share with them (the /resources page's second list)
  ['GET', '/api/v1/resources/shared', sharedResources.sharedResources],
  ['GET', '/api/v1/resources/shared/:id/file', sharedResources.downloadSharedResource],
  // The coach authors groups, lessons and the academy
  ['GET', '/api/v1/coach/groups', coachGroups.coachGroups],
  ['POST', '/api/v1/coach/groups', coachGroups.createGroup],
  ['GET', '/api/v1/coach/groups/:id', coachGroups.coachGroup],
  ['POST', '/api/v1/coach/groups/:id', coachGroups.changeGroup],
  ['POST', '/api/v1/coach/groups/:id/members', coachGroups.addGroupMember],
  ['POST', '/api/v1/coach/groups/:id/members/:clientId/remove', coachGroups.removeGroupMember],
  ['POST', '/api/v1/coach/groups/:id/handover', coachGroups.handOverGroup],
  ['POST', '/api/v1/coach/groups/:id/lessons', coachGroups.addGroupLesson],
  ['POST', '/api/v1/coach/groups/:id/lessons/order', coachGroups.orderGroupLessons],
  ['GET', '/api/v1/coach/lessons/:id', coachLessons.coachLesson],
  ['POST', '/api/v1/coach/lessons/:id', coachLessons.changeLesson],
  ['POST', '/api/v1/coach/lessons/:id/delete', coachLessons.deleteLesson],
  ['POST', '/api/v1/coach/lessons/:id/resources', coachLessons.addLessonResource],
  ['POST', '/api/v1/coach/lessons/:id/resources/:resourceId/delete', coachLessons.removeLessonResource],
  ['GET', '/api/v1/coach/lessons/:id/checklist', coachChecklist.lessonChecklist],
  ['POST', '/api/v1/coach/lessons/:id/checklist', coachChecklist.saveLessonChecklist],
  ['GET', '/api/v1/coach/academy', coachAcademy.coachAcademy],
  ['POST', '/api/v1/coach/academy/modules', coachAcademy.addModule],
  ['POST', '/api/v1/coach/academy/order', coachAcademy.orderModules],
  ['POST', '/api/v1/coach/academy/modules/:id', coachAcademy.changeModule],
  ['POST', '/api/v1/coach/academy/modules/:id/delete', coachAcademy.deleteModule],
  ['POST', '/api/v1/coach/academy/modules/:id/lessons', coachAcademy.addModuleLesson],
  ['POST', '/api/v1/coach/academy/modules/:id/lessons/order', coachAcademy.orderModuleLessons],
  // Files and videos uploaded to a lesson: the coach's own, and a client's of a lesson open to them
  ['POST', '/api/v1/coach/lessons/:id/files', lessonFiles.uploadLessonFile],
  ['POST', '/api/v1/coach/lessons/:id/video', lessonFiles.uploadLessonVideo],
  ['GET', '/api/v1/coach/lessons/:id/files/:fileId', lessonFiles.coachLessonFile],
  ['POST', '/api/v1/coach/lessons/:id/files/:fileId', lessonFiles.renameLessonFile],
  ['POST', '/api/v1/coach/lessons/:id/files/:fileId/delete', lessonFiles.deleteLessonFile],
  ['GET', '/api/v1/lesson-files/:id', lessonFiles.lessonFile],
  ['POST', '/api/v1/lesson-files/:id/ticket', lessonFiles.lessonFileTicket],
  ['GET', '/api/v1/lesson-files/play/:token', lessonFiles.playLessonFile],
  // The tenant admin's API keys for the integration API, and the Import screen's people rows
  ['POST', '/api/v1/admin/people/import', adminImportPeople],
  ['GET', '/api/v1/admin/api-keys', adminKeys.apiKeys],
  ['POST', '/api/v1/admin/api-keys', adminKeys.createApiKey],
  ['POST', '/api/v1/admin/api-keys/:id/revoke', adminKeys.revokeApiKey],
  // The integration API: the tenant's own systems, with an API key (its OpenAPI file lists exactly these)
  ['GET', '/integration/v1/openapi.json', openApiDocument],
  ['GET', '/integration/v1/key', integration.keyInfo],
  ['GET', '/integration/v1/messages', integration.messages],
  ['GET', '/integration/v1/files', integration.files],
  ['GET', '/integration/v1/tickets', integration.tickets],
  ['GET', '/integration/v1/testimonials', integration.testimonials],
  ['GET', '/integration/v1/referrals', integration.referrals],
  ['GET', '/integration/v1/payments', integration.payments],
  ['GET', '/integration/v1/lesson-progress', integration.lessonProgress],
  ['GET', '/integration/v1/goals', integration.goals],
  ['GET', '/integration/v1/recaps', integration.recaps],
  ['POST', '/integration/v1/meetings', integration.bookMeeting],
  ['POST', '/integration/v1/messages', integration.sendMessage],
  ['POST', '/integration/v1/people', integrationPeople.importPeople],
  ['POST', '/integration/v1/companies', integrationPeople.upsertCompany],
  ['POST', '/integration/v1/coach-assignments', integrationPeople.assignCoach],
  // GraphQL (SPEC §7 "GraphQL through /gapi")
  [['GET', 'POST'], graphqlPath, graphql],
  ...declaredIn(routeModules),
];
