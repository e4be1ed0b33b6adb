/** The theme override: System (follows the OS), Light or Dark. */
import {
  setThemePreference,
  THEME_CHOICES,
  useThemePreference,
  type ThemePreference,
} from '../theme/theme.ts';
import { SunMoon } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/Menu.tsx';

/** A small menu to pick the theme; `compact` shows an icon alone (the collapsed sidebar). */
export function ThemeMenu({ compact = false }: { compact?: boolean }) {
  const preference = useThemePreference();
  const label = THEME_CHOICES.find((choice) => choice.value === preference)?.label ?? 'System';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Theme: ${label}. Change theme`}
          title={compact ? `Theme: ${label}` : undefined}
        >
          {compact ? <SunMoon size={16} aria-hidden="true" /> : `Theme: ${label}`}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => setThemePreference(value as ThemePreference)}
        >
          {THEME_CHOICES.map((choice) => (
            <DropdownMenuRadioItem key={choice.value} value={choice.value}>
              {choice.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
