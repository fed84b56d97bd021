import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@sayspell/core/constants';

// a bright violet ink with a sunny accent: friendly, legible, unmistakably ours

const ink: MantineColorsTuple = [
  '#f2efff',
  '#e2dcff',
  '#c2b5ff',
  '#a08bfd',
  '#8467fb',
  '#7150fa',
  '#5b3df5',
  '#4a2fd8',
  '#3f27bd',
  '#311d97',
];

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: { light: 6, dark: 4 },
  colors: { ink },
  fontFamily:
    'ui-rounded, "SF Pro Rounded", Nunito, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'ui-rounded, "SF Pro Rounded", Nunito, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '800',
    sizes: {
      h1: { fontSize: 'clamp(1.9rem, 1.4rem + 2vw, 2.75rem)', lineHeight: '1.15' },
      h2: { fontSize: 'clamp(1.4rem, 1.2rem + 1vw, 1.85rem)', lineHeight: '1.2' },
      h3: { fontSize: '1.2rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // the spec's breakpoints (§9): sm 610, md 1250, lg unbounded
  breakpoints: { xs: em(420), sm: em(BREAKPOINTS.sm), md: em(BREAKPOINTS.md), lg: em(1600), xl: em(1920) },
  // plain objects, not Button.extend(…): extend would bring every component named here (the
  // segmented control, the modal) into the first download, used or not (issue 22)
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Card: { defaultProps: { radius: 'lg', shadow: 'sm', withBorder: true, padding: 'lg' } },
    SegmentedControl: { defaultProps: { radius: 'xl' } },
    // still outlines: a pulsing one keeps the compositor drawing ~50 frames a second while the
    // page loads, cpu a phone's page needs then (issue 22)
    Skeleton: { defaultProps: { animate: false } },
    // mantine's close button is an icon with no name: screen readers would say only "button".
    // not "Close": some popups have a Close button of their own, and two would share the name
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // one label style for every field, whatever its size
    InputWrapper: {
      styles: { label: { fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 6 } },
    },
  },
});
