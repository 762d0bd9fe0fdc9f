import { UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './main-layout.module.css';

/**
 * Light or dark. Until the user picks, the scheme follows the system (`defaultColorScheme="auto"`); a pick
 * is kept by Mantine's colour-scheme manager (localStorage) for the next visit. An unstyled button with
 * the layout's own style, as the header is in the home page's bundle.
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const Icon = scheme === 'dark' ? IconSun : IconMoon;
  return (
    <UnstyledButton
      className={classes.schemeToggle}
      onClick={() => setColorScheme(next)}
      aria-label={t(`theme.switchTo.${next}`)}
      title={t(`theme.switchTo.${next}`)}
    >
      <Icon size={18} aria-hidden />
    </UnstyledButton>
  );
}
