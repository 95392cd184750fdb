// The personal details of an employee record: the employee form edits them all, the self-service profile the contact part.
import { BLOOD_GROUPS, GENDERS } from '@hr/contract';
import { type FP, LookupField, Section, SelectField, TextField } from './fields';

/** Personal details: identity, contact, both addresses (country → state → city → area), emergency contact. */
export function PersonalFields({ fp, contactOnly }: { fp: FP; contactOnly?: boolean }) {
  const address = (prefix: 'present' | 'permanent', title: string) => {
    const v = (k: string) => fp.values[`${prefix}${k}Id`] as number | null | undefined;
    // Choosing a country, state or city clears the places below it, which belong to the old choice.
    const chain = ['Country', 'State', 'City', 'Area'];
    const onChange = (name: string, value: unknown) => {
      fp.onChange(name, value);
      const at = chain.findIndex((k) => name === `${prefix}${k}Id`);
      if (at >= 0) for (const k of chain.slice(at + 1)) if (fp.values[`${prefix}${k}Id`] != null) fp.onChange(`${prefix}${k}Id`, null);
    };
    const f = { ...fp, onChange };
    return (
      <Section title={title}>
        <TextField name={`${prefix}Address`} label="Address" className="sm:col-span-2 lg:col-span-3" {...fp} />
        <LookupField name={`${prefix}CountryId`} label="Country" resource="country" {...f} />
        <LookupField name={`${prefix}StateId`} label="State" resource="state" scope={{ filters: { countryId: v('Country') } }} {...f} />
        <LookupField name={`${prefix}CityId`} label="City" resource="city" scope={{ filters: { stateId: v('State') } }} {...f} />
        <LookupField name={`${prefix}AreaId`} label="Area" resource="area" scope={{ filters: { cityId: v('City') } }} {...f} />
        <TextField name={`${prefix}Pincode`} label="PIN code" {...fp} />
      </Section>
    );
  };
  return (
    <>
      {!contactOnly && (
        <Section title="Identity">
          <TextField name="name" label="Full name" required {...fp} />
          <TextField name="fatherName" label="Father's / spouse's name" {...fp} />
          <SelectField name="gender" label="Gender" required numeric={false} options={GENDERS.map((g) => ({ id: g, name: g }))} {...fp} />
          <TextField name="dateOfBirth" label="Date of birth" type="date" required {...fp} />
          <LookupField name="maritalStatusId" label="Marital status" resource="maritalStatus" {...fp} />
          <SelectField
            name="bloodGroup"
            label="Blood group"
            numeric={false}
            options={BLOOD_GROUPS.map((g) => ({ id: g, name: g }))}
            {...fp}
          />
        </Section>
      )}
      <Section title="Contact">
        <LookupField name="mobileCodeId" label="Mobile code" resource="mobileCode" {...fp} />
        <TextField name="mobile" label="Mobile" required placeholder="10 digits" {...fp} />
        <TextField name="alternateMobile" label="Alternate mobile" {...fp} />
        <TextField name="email" label="E-mail" type="email" {...fp} />
      </Section>
      {address('present', 'Present address')}
      {address('permanent', 'Permanent address')}
      <Section title="Emergency contact">
        <TextField name="emergencyContactName" label="Name" {...fp} />
        <TextField name="emergencyContactRelation" label="Relation" {...fp} />
        <TextField name="emergencyContactMobile" label="Mobile" {...fp} />
      </Section>
    </>
  );
}
