import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';

export interface TabItem {
  value: string;
  label: string;
  /** Red badge shown when greater than 0. */
  count?: number;
  /** Route to open; without it the tab only reports the change. */
  to?: string;
}

export interface TabBarProps {
  tabs: TabItem[];
  value: string;
  onChange?: (value: string) => void;
  ariaLabel?: string;
}

export function TabBar({ tabs, value, onChange, ariaLabel }: TabBarProps) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={value} onChange={(_e, v: string) => onChange?.(v)} aria-label={ariaLabel}>
        {tabs.map((tab) => {
          const label =
            tab.count && tab.count > 0 ? (
              <Badge badgeContent={tab.count} color="error" sx={{ '& .MuiBadge-badge': { right: -14 } }}>
                {tab.label}
              </Badge>
            ) : (
              tab.label
            );
          return tab.to ? (
            <Tab key={tab.value} value={tab.value} label={label} component={Link} to={tab.to} />
          ) : (
            <Tab key={tab.value} value={tab.value} label={label} />
          );
        })}
      </Tabs>
    </Box>
  );
}
