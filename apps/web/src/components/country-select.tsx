import { Combobox, Group, Input, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { type Country, countryByCode, searchCountries } from '@sayspell/core/protocol/countries';
import { useState } from 'react';

/** the searchable country select (§2): a 'Search...' box filtering by name or code prefix (§5) */
export function CountrySelect({
  value,
  onChange,
  label = 'Country',
  error,
}: {
  /** the ISO code, or null */
  value: string | null;
  onChange: (country: Country) => void;
  label?: string;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const selected = value ? countryByCode(value) : undefined;
  const found = searchCountries(search);

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(code) => {
        const country = countryByCode(code);
        if (country) onChange(country);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          label={label}
          pointer
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          error={error}
          size="md"
          aria-haspopup="listbox"
        >
          {selected ? selected.name : <Input.Placeholder>Choose your country</Input.Placeholder>}
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Search..."
          aria-label="Search countries"
        />
        <Combobox.Options aria-label="Countries">
          <ScrollArea.Autosize mah={240} type="scroll">
            {found.length === 0 ? (
              <Combobox.Empty>No country starts with “{search.trim()}”</Combobox.Empty>
            ) : (
              found.map((c) => (
                <Combobox.Option value={c.code} key={c.code} active={c.code === value}>
                  <Group gap={8} wrap="nowrap">
                    <Text fz="sm">{c.name}</Text>
                    <Text fz="xs" c="dimmed" ml="auto">
                      {c.code}
                    </Text>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
