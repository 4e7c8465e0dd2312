import { contentEditorCopy as copy } from '@content/admin-content';
import type { CompanyFacts } from '@domain/site-content/types';
import { fieldId } from './editor-fields';
import { FieldGroup, GroupErrors, TextField, unplacedErrors } from './form-parts';
import type { ContentEditor } from './use-content-editor';

type Address = CompanyFacts['address'];

/** The company facts form (docs/staff-editing.md, Company facts). */
export function CompanyForm({ editor }: { editor: ContentEditor<'company'> }) {
  const { value, errors } = editor;
  const set = <F extends keyof CompanyFacts>(field: F) => (next: CompanyFacts[F]) => editor.update((previous) => ({ ...previous, [field]: next }));
  const setPhone = (field: keyof CompanyFacts['phone']) => (next: string) =>
    editor.update((previous) => ({ ...previous, phone: { ...previous.phone, [field]: next } }));
  const setAddress = (field: keyof Address) => (next: string) =>
    editor.update((previous) => ({ ...previous, address: { ...previous.address, [field]: next } }));
  const c = copy.company;

  return (
    <div className="space-y-6">
      <FieldGroup legend={c.identity}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField path="name" label={c.name} value={value.name} onChange={set('name')} errors={errors} autoComplete="organization" />
          <TextField path="legalName" label={c.legalName} hint={c.legalNameHint} value={value.legalName} onChange={set('legalName')} errors={errors} />
        </div>
        <TextField path="description" label={c.description} hint={c.descriptionHint} value={value.description} onChange={set('description')} errors={errors} multiline rows={3} />
      </FieldGroup>

      <FieldGroup legend={c.contact}>
        <TextField
          path="salesEmail"
          label={c.salesEmail}
          value={value.salesEmail}
          onChange={set('salesEmail')}
          errors={errors}
          type="email"
          inputMode="email"
          className="sm:max-w-md"
        />
        {/* The two forms of the phone are checked against each other: a message about both shows under the pair. */}
        <div id={fieldId('phone')} tabIndex={-1}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path="phone.display" label={c.phoneDisplay} hint={c.phoneDisplayHint} value={value.phone.display} onChange={setPhone('display')} errors={errors} type="tel" inputMode="tel" />
            <TextField path="phone.tel" label={c.phoneTel} hint={c.phoneTelHint} value={value.phone.tel} onChange={setPhone('tel')} errors={errors} type="tel" inputMode="tel" />
          </div>
          <GroupErrors messages={unplacedErrors(errors, 'phone', ['phone.display', 'phone.tel'])} />
        </div>
      </FieldGroup>

      <FieldGroup legend={c.address} id={fieldId('address')}>
        <TextField path="address.street" label={c.street} value={value.address.street} onChange={setAddress('street')} errors={errors} autoComplete="address-line1" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField path="address.city" label={c.city} value={value.address.city} onChange={setAddress('city')} errors={errors} className="lg:col-span-2" />
          <TextField path="address.region" label={c.region} value={value.address.region} onChange={setAddress('region')} errors={errors} />
          <TextField path="address.regionCode" label={c.regionCode} hint={c.regionCodeHint} value={value.address.regionCode} onChange={setAddress('regionCode')} errors={errors} />
          <TextField path="address.postalCode" label={c.postalCode} value={value.address.postalCode} onChange={setAddress('postalCode')} errors={errors} />
          <TextField path="address.country" label={c.country} hint={c.countryHint} value={value.address.country} onChange={setAddress('country')} errors={errors} />
        </div>
        <GroupErrors messages={unplacedErrors(errors, 'address', ['street', 'city', 'region', 'regionCode', 'postalCode', 'country'].map((key) => `address.${key}`))} />
      </FieldGroup>

      <FieldGroup legend={c.store}>
        <TextField
          path="equipmentStoreUrl"
          label={c.equipmentStoreUrl}
          hint={c.equipmentStoreUrlHint}
          value={value.equipmentStoreUrl}
          onChange={set('equipmentStoreUrl')}
          errors={errors}
          type="url"
          inputMode="url"
        />
      </FieldGroup>
    </div>
  );
}
