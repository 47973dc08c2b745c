import { useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { selectCupsList, type Line, type SupplyPoint } from '@/shared/session/product';
import { orderSupplies } from '@/shared/session/supplies';
import { supplyOptionText } from '@/shared/session/SupplySelector';
import { Button } from '@/shared/ui/Button';
import { SelectField } from '@/shared/ui/SelectField';
import { TextAreaField } from '@/shared/ui/TextAreaField';
import { TextField } from '@/shared/ui/TextField';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { useIssueCategoriesQuery, useIssueSubcategoriesQuery, useIssueSupplyPointsQuery } from './issuesApi';
import {
  CHARACTERS_USED,
  CHOOSE_LINE_FIRST,
  CHOOSE_OPTION,
  LABELS,
  SENDING,
  SEND_BUTTON,
} from './issuesMessages';
import { textAreaLength } from '@/shared/lib/textArea';
import { DESCRIPTION_MAX, type NewIssueValues } from './issuesSchemas';
import { categoryChosen } from './issuesSlice';

const ALL_LINES: readonly Line[] = ['Electricidad', 'Gas'];

/** The user's supply points: the session's CUPS list, or loaded here when the session has none yet. */
export function useUserSupplyPoints(): { points: SupplyPoint[]; loaded: boolean } {
  const stored = useAppSelector(selectCupsList);
  const storedPoints = useMemo(
    () => Object.values(stored ?? {}).flatMap((byContract) => Object.values(byContract ?? {})),
    [stored],
  );
  const loaded = useIssueSupplyPointsQuery(undefined, { skip: storedPoints.length > 0 });
  return storedPoints.length > 0
    ? { points: storedPoints, loaded: true }
    : // A failed load keeps the form (its CUPS rule then explains), as before; only an answer of none hides it.
      { points: loaded.data ?? [], loaded: loaded.isSuccess || loaded.isError };
}

/** Category -> subcategory, line -> CUPS -> contract code: each choice resets what depends on it (spec 01 §4). */
export function NewIssueFields({ points }: { points: SupplyPoint[] }) {
  const dispatch = useAppDispatch();
  const { values, setFieldValue, isSubmitting } = useFormikContext<NewIssueValues>();
  const categories = useIssueCategoriesQuery();
  // Failed category and subcategory loads are silently ignored (spec 01 §8): the selects stay empty.
  const subcategories = useIssueSubcategoriesQuery(values.category, { skip: !values.category });
  const subcategoryList = values.category ? subcategories.currentData : undefined;

  useEffect(() => {
    dispatch(categoryChosen({ categoryId: values.category || null, subcategories: subcategoryList ?? null }));
  }, [dispatch, values.category, subcategoryList]);

  const lines = ALL_LINES.filter((line) => points.some((point) => point.line === line));
  // Live supplies first, ended ones marked Baja and last; a CUPS with several contracts once, by its newest.
  const cupsOfLine = orderSupplies(points.filter((p) => p.line === values.line)).filter(
    (point, index, list) => list.findIndex((other) => other.cups === point.cups) === index,
  );

  return (
    <>
      <TextField name="title" label={LABELS.title} autoComplete="off" />
      <div className="new-issue__pair">
        <SelectField
          name="category"
          label={LABELS.category}
          placeholder={CHOOSE_OPTION}
          options={Object.entries(categories.data ?? {}).map(([value, label]) => ({ value, label }))}
          onValueChange={() => void setFieldValue('subcategory', '', false)}
        />
        <SelectField
          name="subcategory"
          label={LABELS.subcategory}
          placeholder={CHOOSE_OPTION}
          options={(subcategoryList ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        />
      </div>
      <div className="new-issue__pair">
        <SelectField
          name="line"
          label={LABELS.line}
          placeholder={CHOOSE_OPTION}
          options={(lines.length ? lines : ALL_LINES).map((line) => ({ value: line, label: line }))}
          onValueChange={() => {
            void setFieldValue('cups', '', false);
            void setFieldValue('contractCode', '', false);
          }}
        />
        <SelectField
          name="cups"
          label={LABELS.cups}
          placeholder={values.line ? CHOOSE_OPTION : CHOOSE_LINE_FIRST}
          disabled={!values.line}
          options={cupsOfLine.map((point) => ({ value: point.cups, label: supplyOptionText(point) }))}
          onValueChange={(cups) => {
            const point = cupsOfLine.find((p) => p.cups === cups);
            void setFieldValue('contractCode', cups && point ? point.codAbonado : '', false);
          }}
        />
      </div>
      <TextField name="contractCode" label={LABELS.contractCode} readOnly />
      <TextAreaField
        name="description"
        label={LABELS.description}
        rows={6}
        hint={CHARACTERS_USED(textAreaLength(values.description.trim()), DESCRIPTION_MAX)}
      />
      <div className="new-issue__actions">
        {/* Keeping the focus in the field: its blur would validate it, and a long message vanishing would move
            the button from under the mouse before the click lands. Sending validates every field anyway. */}
        <Button type="submit" disabled={isSubmitting} onMouseDown={(event) => event.preventDefault()}>
          {isSubmitting ? SENDING : SEND_BUTTON}
        </Button>
      </div>
    </>
  );
}
