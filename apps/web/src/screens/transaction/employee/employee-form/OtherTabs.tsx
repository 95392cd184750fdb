import { PAY_MODES } from '@hr/contract';
import { CheckField, type FP, LookupField, Section, SelectField, TextField } from '@/components/employee/fields';

/** The Statutory tab: identifiers, applicability, PF and ESI particulars. */
export function StatutoryTab({ fp, aadhaarMasked }: { fp: FP; aadhaarMasked?: string | null }) {
  return (
    <>
      <Section title="Statutory identifiers" description="Aadhaar is checked in full, then only its last four digits are kept.">
        <TextField name="pan" label="PAN" placeholder="ABCPE1234F" upper {...fp} />
        <TextField
          name="aadhaar"
          label="Aadhaar"
          placeholder={aadhaarMasked ? `${aadhaarMasked} (type to replace)` : '12 digits'}
          hint={aadhaarMasked ? `Stored: ${aadhaarMasked}` : undefined}
          {...fp}
        />
        <TextField name="uan" label="UAN" placeholder="12 digits" {...fp} />
        <TextField name="pfNumber" label="PF number" {...fp} />
        <TextField name="esiNumber" label="ESI number" placeholder="10 or 17 digits" {...fp} />
      </Section>
      <Section title="Applicability">
        <CheckField name="pfApplicable" label="Provident Fund applies" {...fp} />
        <CheckField name="esiApplicable" label="ESI applies" {...fp} />
        <CheckField name="ptApplicable" label="Professional Tax applies" {...fp} />
      </Section>
      <Section
        title="PF and ESI particulars"
        description="Read by the salary run: the PF ceiling choice, pension (EPS) eligibility and the ESI wage ceiling."
      >
        <CheckField name="pfRestrictToCeiling" label="PF on wages up to the ₹15,000 ceiling only" {...fp} />
        <TextField name="epfFirstJoined" label="EPF first joined" type="date" hint="First EPF membership anywhere" {...fp} />
        <TextField
          name="epfWagesAtJoining"
          label="EPF wages at joining (₹ a month)"
          placeholder="e.g. 15000"
          hint="Monthly PF wages when first joining EPF"
          {...fp}
        />
        <CheckField name="epsPriorMember" label="Already an EPS (pension) member before" {...fp} />
        <CheckField name="isDisabled" label="Person with disability" {...fp} />
      </Section>
    </>
  );
}

/** The Bank tab: how the salary is paid. */
export function BankTab({ fp }: { fp: FP }) {
  return (
    <Section title="Salary payment">
      <SelectField name="payModeId" label="Pay mode" required options={[...PAY_MODES]} {...fp} />
      <TextField name="bankAccountNo" label="Account number" required={fp.values.payModeId === 2} {...fp} />
      <TextField name="ifsc" label="IFSC" placeholder="HDFC0001234" upper required={fp.values.payModeId === 2} {...fp} />
      <TextField name="bankName" label="Bank" {...fp} />
      <TextField name="bankBranch" label="Branch" {...fp} />
    </Section>
  );
}

/** The Academic tab: for campuses. */
export function AcademicTab({ fp }: { fp: FP }) {
  return (
    <Section title="Academic details" description="For campuses: teaching staff and researchers.">
      <LookupField name="educationModeId" label="Education mode" resource="educationMode" {...fp} />
      <LookupField name="academicDomainId" label="Academic domain" resource="academicDomain" {...fp} />
      <LookupField name="academicStatusId" label="Academic status" resource="academicStatus" {...fp} />
      <LookupField name="fellowshipStatusId" label="Fellowship status" resource="fellowshipStatus" {...fp} />
      <LookupField name="patentStatusId" label="Patent status" resource="patentStatus" {...fp} />
      <LookupField name="responsibilityId" label="Responsibility" resource="responsibility" {...fp} />
      <LookupField name="writtenId" label="Written works" resource="written" {...fp} />
    </Section>
  );
}
