import type { ChangeEvent, CSSProperties, ReactNode } from 'react';
import { useId } from 'react';

// issue 22: the home's setup form was the signed-in home's second longest task on a phone. each of
// mantine's NativeSelect and Switch is six to eight components (InputBase, InputWrapper, InputLabel,
// Input, ComboboxChevron, InlineInput, Box…), and each resolves its props, styles and css variables
// as it renders. these two draw the same markup with mantine's own class names, so they look and
// behave as mantine's (its css is loaded for the page anyway): one component and a handful of
// elements each. light-fields.test.tsx renders both beside mantine's and compares the markup, and
// checks the class names against mantine's css modules, so an upgrade that changes either fails it

/** mantine's class names (its css modules: Input, Combobox, Switch, InlineInput) */
export const MANTINE_CLASSES = {
  input: {
    root: 'm_46b77525',
    label: 'm_8fdc1311',
    description: 'm_fe47ce59',
    wrapper: 'm_6c018570',
    input: 'm_8fb7ebe7',
    section: 'm_82577fc2',
  },
  combobox: { chevron: 'm_2943220b' },
  switch: {
    root: 'm_5f93f3bb',
    input: 'm_926b4011',
    track: 'm_9307d992',
    thumb: 'm_93039a1d',
    trackLabel: 'm_8277e082',
  },
  inlineInput: {
    root: 'm_5f75b09e',
    body: 'm_5f6e695e',
    labelWrapper: 'm_d3ea56bb',
    label: 'm_8ee546b8',
    description: 'm_328f68c0',
  },
} as const;

const I = MANTINE_CLASSES.input;
const S = MANTINE_CLASSES.switch;
const L = MANTINE_CLASSES.inlineInput;

// the theme's label style for every field (theme.ts, InputWrapper), at size md
const LABEL_STYLE = {
  fontWeight: 700,
  fontSize: 'var(--mantine-font-size-sm)',
  marginBottom: 6,
  '--input-label-size': 'var(--mantine-font-size-md)',
} as CSSProperties;
const DESCRIPTION_STYLE = {
  '--input-description-size': 'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;
const wrapperStyle = (withDescription: boolean) =>
  ({
    ...(withDescription ? { '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
    '--input-height': 'var(--input-height-md)',
    '--input-fz': 'var(--mantine-font-size-md)',
    '--input-radius': 'var(--mantine-radius-md)',
    '--input-right-section-pointer-events': 'none',
  }) as CSSProperties;
const CHEVRON_STYLE = { '--combobox-chevron-size': 'var(--combobox-chevron-size-md)' } as CSSProperties;

export interface SelectFieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** mantine's NativeSelect at size md, radius md: a label, an optional description, a native select */
export function SelectField({
  label,
  value,
  data,
  onChange,
  disabled = false,
  description,
}: {
  label: string;
  value: string;
  data: readonly SelectFieldOption[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  disabled?: boolean;
  description?: ReactNode;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div data-size="md" className={`${I.root} mantine-InputWrapper-root mantine-NativeSelect-root`}>
      <label
        data-size="md"
        htmlFor={id}
        id={`${id}-label`}
        className={`${I.label} mantine-InputWrapper-label mantine-NativeSelect-label`}
        style={LABEL_STYLE}
      >
        {label}
      </label>
      {description && (
        <p
          data-size="md"
          id={descriptionId}
          className={`${I.description} mantine-InputWrapper-description mantine-NativeSelect-description`}
          style={DESCRIPTION_STYLE}
        >
          {description}
        </p>
      )}
      <div
        data-variant="default"
        data-size="md"
        data-pointer="true"
        data-disabled={disabled || undefined}
        data-with-right-section="true"
        className={`${I.wrapper} mantine-Input-wrapper mantine-NativeSelect-wrapper`}
        style={wrapperStyle(Boolean(description))}
      >
        <select
          data-variant="default"
          data-disabled={disabled || undefined}
          disabled={disabled}
          aria-describedby={descriptionId}
          id={id}
          className={`${I.input} mantine-Input-input mantine-NativeSelect-input`}
          value={value}
          onChange={onChange}
        >
          {data.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <div
          data-position="right"
          className={`${I.section} mantine-Input-section mantine-NativeSelect-section`}
        >
          {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, as mantine's own chevron: the label names the select */}
          <svg
            data-size="md"
            data-combobox-chevron="true"
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            className={`${MANTINE_CLASSES.combobox.chevron} mantine-ComboboxChevron-chevron`}
            style={CHEVRON_STYLE}
          >
            <path
              d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
      </div>
    </div>
  );
}

/** mantine's Switch at its default size, the label on the right */
export function SwitchField({
  label,
  checked,
  onChange,
  disabled = false,
  description,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  description?: ReactNode;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div
      data-label-position="right"
      data-checked={checked}
      className={`${S.root} mantine-Switch-root ${L.root} mantine-Switch-root`}
    >
      <label htmlFor={id} className={`${L.body} mantine-Switch-body`}>
        <input
          data-checked={checked}
          id={id}
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox says whether it is checked, as mantine's switch does
          role="switch"
          className={`${S.input} mantine-Switch-input`}
          aria-describedby={descriptionId}
          disabled={disabled}
          checked={checked}
          onChange={onChange}
        />
        <span
          data-label-position="right"
          data-without-labels="true"
          aria-hidden="true"
          className={`${S.track} mantine-Switch-track`}
        >
          <span
            data-reduce-motion="true"
            data-with-thumb-indicator="true"
            className={`${S.thumb} mantine-Switch-thumb`}
          />
          <span className={`${S.trackLabel} mantine-Switch-trackLabel`} />
        </span>
        <div
          className={`${L.labelWrapper} mantine-Switch-labelWrapper`}
          data-disabled={disabled || undefined}
        >
          <span className={`${L.label} mantine-Switch-label`} data-disabled={disabled || undefined}>
            {label}
          </span>
          {description && (
            <p
              id={descriptionId}
              className={`${L.description} mantine-Switch-description ${I.description} mantine-InputWrapper-description`}
            >
              {description}
            </p>
          )}
        </div>
      </label>
    </div>
  );
}
