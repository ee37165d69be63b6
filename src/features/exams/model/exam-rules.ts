import { examCreateBodySchema, type ExamRules } from '@/shared/contract/teacher';
import { formatDateTime } from '@/shared/format';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a datetime-local input holds it (`yyyy-mm-ddThh:mm`, the device's time zone);
 * '' for none or an unreadable one.
 */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local input's value (the device's time zone) as an ISO instant; '' is none. What
 * does not read as a date goes as typed, so the contract says what is wrong with it.
 */
export function localInputToIso(value: string): string | null {
  if (value.trim() === '') return null;
  // A date and time without an offset is local time (ECMAScript's date-time string format).
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The exam's attempts and window as the dialog edits them: as typed, '' for none. */
export interface ExamRulesDraft {
  attempts: string;
  opensAt: string;
  closesAt: string;
}

export const rulesDraftOf = (rules?: Partial<ExamRules>): ExamRulesDraft => ({
  attempts: rules?.attempts == null ? '' : String(rules.attempts),
  opensAt: isoToLocalInput(rules?.opensAt),
  closesAt: isoToLocalInput(rules?.closesAt),
});

/** What the dialog sends: null for each rule left empty (no limit, no bound). */
export const rulesOf = (draft: ExamRulesDraft): ExamRules => ({
  attempts: draft.attempts.trim() === '' ? null : Number(draft.attempts),
  opensAt: localInputToIso(draft.opensAt),
  closesAt: localInputToIso(draft.closesAt),
});

export type ExamRulesErrors = Partial<Record<keyof ExamRulesDraft, string>>;

const RULE_FIELDS: readonly (keyof ExamRulesDraft)[] = ['attempts', 'opensAt', 'closesAt'];

/**
 * The rules checked by the contract (its limits on attempts, ISO instants, the window's order):
 * its messages by field. The name and variants are checked elsewhere, so the exam's own are put
 * aside here by valid stand-ins (the window's order is checked only on an otherwise valid body).
 */
export function rulesErrors(draft: ExamRulesDraft): ExamRulesErrors {
  const checked = examCreateBodySchema.safeParse({
    name: 'Экзамен',
    variants: [1],
    students: [],
    ...rulesOf(draft),
  });
  const errors: ExamRulesErrors = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (RULE_FIELDS.includes(field as keyof ExamRulesDraft) && !errors[field as keyof ExamRulesDraft]) {
      errors[field as keyof ExamRulesDraft] = issue.message;
    }
  }
  return errors;
}

/** How the exam page says the rules: «Попыток: 1», «Доступен с … до …». */
export function examRulesLines(rules: Partial<ExamRules>): { attempts: string; window: string } {
  const attempts = `Попыток: ${rules.attempts == null ? 'без ограничений' : rules.attempts}`;
  const opens = formatDateTime(rules.opensAt);
  const closes = formatDateTime(rules.closesAt);
  const window =
    opens && closes
      ? `Доступен с ${opens} до ${closes}`
      : opens
        ? `Доступен с ${opens}`
        : closes
          ? `Доступен до ${closes}`
          : 'Доступен в любое время';
  return { attempts, window };
}
