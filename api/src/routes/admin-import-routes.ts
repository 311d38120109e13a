// The admin's Import screen: the rows of a CSV the screen read, upserted (or with dry_run, previewed) by the
// same people import as the integration API's, with the admin as who made each change.
import { importAnswer, importBody, importOptions, rowErrors } from './integration-people-routes.js';
import { adminRoute } from './route.js';

export const adminImportPeople = adminRoute({
  schema: { body: importBody, response: importAnswer },
  // Like the integration API's: a row the schema refuses is that row's error (integration-people-routes.ts).
  attachValidation: true,
  async handle(s, request) {
    const { people } = request.body;
    const options = { ...importOptions(request.body), refused: rowErrors(request) };
    return { data: await s.peopleImport.run(request.caller, people, options) };
  },
});
