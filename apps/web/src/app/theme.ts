import { createTheme } from '@mui/material/styles';

/** Calm blue-slate palette, rounded surfaces, compact density. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2f5d8a', light: '#5b84ad', dark: '#1f4266', contrastText: '#ffffff' },
    secondary: { main: '#3d8b7d' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: '#1d2733', secondary: '#5a6675' },
    divider: '#e3e8ef',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontSize: '1.6rem', fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { fontWeight: 600, letterSpacing: '0.02em' },
  },
  components: {
    // Who asks the system for less motion gets none: transitions end at once and spinners, progress
    // bars and skeletons hold still (their role and label still say that work is going on).
    MuiCssBaseline: {
      styleOverrides: `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.001ms !important; animation-iteration-count: 1 !important; transition-duration: 0.001ms !important; scroll-behavior: auto !important; }
}`,
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e3e8ef' } } },
    MuiCard: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiTooltip: { defaultProps: { enterDelay: 800, arrow: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
  },
});
