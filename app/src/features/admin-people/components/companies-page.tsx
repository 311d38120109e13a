/** /admin/companies: the tenant's companies with how many people belong to each; add one, rename one. */
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCompanies, type Company } from '../api/get-companies';
import { useSaveCompany } from '../api/save-company';
import './admin.css';
import { PageFrame } from '@/components/page-frame';

/** The one-field form that adds a company, or renames `company`. */
function CompanyForm({ company, onDone }: { company?: Company; onDone?: () => void }) {
  const save = useSaveCompany();
  const [name, setName] = useState(company?.name ?? '');
  const { errors, show, fromError } = useFieldErrors<'name'>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show(name.trim() ? {} : { name: 'Enter the company name.' }, form)) return;
    try {
      await save.mutateAsync({ id: company?.id, name: name.trim() });
      notify.success(company ? `The company is now called ${name.trim()}.` : `${name.trim()} was added.`);
      if (!company) setName('');
      onDone?.();
    } catch (error) {
      fromError(error, form);
    }
  };
  return (
    <form
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-label={company ? `Rename ${company.name}` : 'Add a company'}
    >
      <Field
        label={company ? 'New name' : 'Company name'}
        maxLength={200}
        required
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <FormButtons
        submitLabel={company ? 'Rename' : 'Add the company'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

export default function CompaniesPage() {
  const companies = useCompanies();
  const [renaming, setRenaming] = useState<number | null>(null);
  return (
    <PageFrame title="Companies">
      <div className="card">
        <CompanyForm />
      </div>
      <QueryState query={companies} what="The companies" empty="No company yet: add the first one above.">
        {(rows) => (
          <div className="card admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Companies</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">People</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((company) => (
                  <tr key={company.id}>
                    <td>
                      {renaming === company.id ? (
                        <CompanyForm company={company} onDone={() => setRenaming(null)} />
                      ) : (
                        company.name
                      )}
                    </td>
                    <td>{company.people}</td>
                    <td>
                      {renaming !== company.id && (
                        <button type="button" className="btn" onClick={() => setRenaming(company.id)}>
                          Rename<span className="visually-hidden"> {company.name}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </PageFrame>
  );
}
