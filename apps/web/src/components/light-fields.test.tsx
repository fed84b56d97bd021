import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NativeSelect, Switch } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { MANTINE_CLASSES, SelectField, SwitchField } from './light-fields.tsx';

// the light fields must stay mantine's fields in all but cost: the same markup (so the same css
// applies) and mantine's class names as its installed version names them

/** an element as tag, attributes (ids made positional) and children, for comparing two renders */
function shape(el: Element, ids: Map<string, string> = new Map()): unknown {
  const idOf = (v: string) => {
    if (!ids.has(v)) ids.set(v, `id${ids.size}`);
    return ids.get(v)!;
  };
  const attrs = [...el.attributes]
    .map((a): [string, string] => {
      if (a.name === 'id' || a.name === 'for' || a.name === 'aria-describedby')
        return [
          a.name,
          a.value.replace(
            /^(.*?)(-label|-description)?$/,
            (_, base: string, suffix = '') => idOf(base) + suffix,
          ),
        ];
      return [a.name, a.value];
    })
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    tag: el.tagName.toLowerCase(),
    attrs: Object.fromEntries(attrs),
    text: [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent)
      .join(''),
    children: [...el.children].map((c) => shape(c, ids)),
  };
}

function renderedShape(ui: React.ReactNode) {
  const { container, unmount } = renderWithProviders(<div data-testid="host">{ui}</div>);
  const host = container.querySelector('[data-testid="host"]')!;
  const result = shape(host.firstElementChild!);
  unmount();
  return result;
}

const OPTIONS = [
  { value: 'a', label: 'Apples' },
  { value: 'b', label: 'Bananas (coming soon)', disabled: true },
];
const noop = () => {};

function FruitHost() {
  const [v, setV] = useState('a');
  return (
    <SelectField
      label="Fruit"
      value={v}
      data={[...OPTIONS, { value: 'c', label: 'Cherries' }]}
      onChange={(e) => setV(e.currentTarget.value)}
    />
  );
}

function AdaptiveHost() {
  const [on, setOn] = useState(false);
  return (
    <SwitchField
      label="Adaptive"
      checked={on}
      description={on ? 'Solo only.' : undefined}
      onChange={(e) => setOn(e.currentTarget.checked)}
    />
  );
}

describe('SelectField', () => {
  it.each([
    ['plain', {}],
    ['disabled, with a description', { disabled: true, description: 'Nothing here yet.' }],
  ])('draws what mantine’s NativeSelect draws (%s)', (_, extra) => {
    const ours = renderedShape(
      <SelectField label="Fruit" value="a" data={OPTIONS} onChange={noop} {...extra} />,
    );
    const mantine = renderedShape(
      <NativeSelect
        label="Fruit"
        value="a"
        data={OPTIONS}
        onChange={noop}
        radius="md"
        size="md"
        {...extra}
      />,
    );
    expect(ours).toEqual(mantine);
  });

  it('is a labelled select that reports the choice', async () => {
    renderWithProviders(<FruitHost />);
    const select = screen.getByLabelText('Fruit') as HTMLSelectElement;
    await userEvent.selectOptions(select, 'c');
    expect(select.value).toBe('c');
    expect(
      (screen.getByRole('option', { name: 'Bananas (coming soon)' }) as HTMLOptionElement).disabled,
    ).toBe(true);
  });
});

describe('SwitchField', () => {
  it.each([
    ['off', { checked: false }],
    ['on, with a description', { checked: true, description: 'About three in four right.' }],
    ['disabled', { checked: false, disabled: true }],
  ])('draws what mantine’s Switch draws (%s)', (_, extra) => {
    const ours = renderedShape(<SwitchField label="Adaptive" onChange={noop} {...extra} />);
    const mantine = renderedShape(<Switch label="Adaptive" onChange={noop} {...extra} />);
    expect(ours).toEqual(mantine);
  });

  it('is a switch named by its label and described by its description', async () => {
    renderWithProviders(<AdaptiveHost />);
    const toggle = screen.getByRole('switch', { name: 'Adaptive' });
    await userEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    const described = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Solo only.');
  });
});

describe('the class names', () => {
  // mantine's css modules as installed: "key": "m_…" pairs
  const require = createRequire(import.meta.url);
  const esm = path.join(path.dirname(require.resolve('@mantine/core')), '..', 'esm');
  const moduleClasses = (file: string) =>
    Object.fromEntries(
      [...fs.readFileSync(path.join(esm, file), 'utf8').matchAll(/"(\w+)":\s*"(m_[0-9a-f]+)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );

  it.each([
    ['input', 'components/Input/Input.module.mjs'],
    ['combobox', 'components/Combobox/Combobox.module.mjs'],
    ['switch', 'components/Switch/Switch.module.mjs'],
    ['inlineInput', 'utils/InlineInput/InlineInput.module.mjs'],
  ] as const)('%s’s are mantine’s', (key, file) => {
    expect(moduleClasses(file)).toMatchObject(MANTINE_CLASSES[key]);
  });
});
