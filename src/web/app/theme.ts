import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Postwell's teal. Shade 6 (buttons, links and light-variant text in the light scheme) keeps white text
 * and its own tint above 4.5:1; the dark scheme uses shade 7 for filled and 4 for light-variant text, both
 * above 4.5:1 against Mantine's dark body.
 */
const brand: MantineColorsTuple = [
  '#e6f7f6',
  '#ccebe9',
  '#99d6d2',
  '#62bfb9',
  '#39aba4',
  '#1c958e',
  '#0c716b',
  '#0a6560',
  '#075652',
  '#034642',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 7 },
  defaultRadius: 'md',
  autoContrast: true,
  components: {
    // A spinner says "loading" to screen readers: its label needs a role that may carry one. (A plain
    // object rather than Loader.extend, which would put the Loader in the home page's bundle.)
    Loader: { defaultProps: { role: 'status' } },
  },
});

// Mantine's dimmed text (gray 6 on white, dark 2 on dark 7: about 3.3:1 and 4:1), placeholders (gray 5,
// dark 3: about 2:1) and red text in the light scheme (red 6: 3.3:1) are below WCAG AA for the small print
// they are used for. These are the nearest shades at or above 4.5:1 on their backgrounds.
// (Light and outline variants' text: see contrast.css, kept out of the home route's JavaScript.)
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-red-text': t.colors.red[9],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-placeholder': '#a0a0a0',
  },
});
