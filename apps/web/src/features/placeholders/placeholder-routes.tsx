import type { RouteObject } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

const page = (title: string, description: string) => <PlaceholderPage title={title} description={description} />;

/** Project areas that are not built yet; each shows its title and an honest empty state. */
export const placeholderRoutes: RouteObject[] = [
  { path: 'ai-oversight', element: page('Code Review', 'Review the step-code fixes proposed by the AI.') },
];
