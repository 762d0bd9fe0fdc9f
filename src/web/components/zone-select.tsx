import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one searchable list of time zones (the Profile page's, a workspace's settings): `options` from
 * `zoneOptions`, with whatever the form puts first.
 */
export function ZoneSelect({
  label,
  description,
  options,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  description: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      description={description}
      data={options}
      value={value}
      onChange={(chosen) => chosen !== null && onChange(chosen)}
      onBlur={onBlur}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('profile.timeZoneNone')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
