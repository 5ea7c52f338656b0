import Stack from '@mui/material/Stack';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ScenarioGroup } from '@stepwise/shared';
import { ScenarioGroupRow } from './ScenarioGroupRow';

/** Groups move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface Props {
  flowIndex: number;
  groups: ScenarioGroup[];
  threadAllowance: number;
  onMove: (from: number, to: number) => void;
  onThreads: (groupIndex: number, n: number) => void;
  onShowScenarios: (groupIndex: number) => void;
  onDelete: (groupIndex: number) => void;
}

/** The groups of one flow, reordered by dragging (pointer or keyboard) within the flow. */
export function SortableGroups({ flowIndex, groups, threadAllowance, onMove, onThreads, onShowScenarios, onDelete }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = groups.map((_, i) => `flow-${flowIndex}-group-${i}`);
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end} modifiers={[verticalOnly]}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack spacing={1} role="list" aria-label={`Scenario groups of flow ${flowIndex + 1}`}>
          {groups.map((g, i) => (
            <ScenarioGroupRow
              key={ids[i]}
              id={ids[i]}
              group={g}
              threadAllowance={threadAllowance}
              onThreads={(n) => onThreads(i, n)}
              onShowScenarios={() => onShowScenarios(i)}
              onDelete={() => onDelete(i)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
