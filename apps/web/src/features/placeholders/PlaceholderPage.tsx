import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useProject } from '../projects/use-projects';

export interface PlaceholderPageProps {
  title: string;
  /** What the area will hold, shown as the page subtitle. */
  description: string;
}

/** Honest empty state for project areas that arrive with a later release. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  const project = useProject();
  return (
    <>
      <PageHeader title={title} subtitle={description} />
      <EmptyState
        icon={<ConstructionOutlinedIcon />}
        title="Not available yet"
        text={`The ${title} area of ${project.name} arrives with a later release of Stepwise.`}
      />
    </>
  );
}
