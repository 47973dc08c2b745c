import { useMemo, useState } from 'react';
import { pathTo } from '@/shared/config/routes';
import { Page } from '@/shared/ui/Page';
import { BlurValidatedForm } from '@/shared/ui/BlurValidatedForm';
import { CustomerServiceContact } from '@/shared/ui/CustomerServiceContact';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { useAppDispatch } from '@/shared/store/hooks';
import { type NewIssueResult, useAddIssueMutation } from './issuesApi';
import {
  NEW_ISSUE_ERROR,
  NEW_ISSUE_INTRO,
  NEW_ISSUE_NO_PRODUCTS,
  NEW_ISSUE_TITLE,
  newIssueOutcome,
} from './issuesMessages';
import { emptyNewIssue, newIssueBody, newIssueSchema, type NewIssueValues } from './issuesSchemas';
import { refreshIssuesAfterSending } from './issuesThunks';
import { NewIssueFields, useUserSupplyPoints } from './NewIssueFields';
import { NewIssueSent } from './NewIssueSent';
import './issues.css';

type Outcome = { kind: 'success'; sent: NewIssueResult } | { kind: 'error' } | null;

export default function NewIssuePage() {
  const dispatch = useAppDispatch();
  const { points, loaded } = useUserSupplyPoints();
  const withoutProducts = loaded && points.length === 0;
  const schema = useMemo(() => newIssueSchema(points.map((point) => point.cups)), [points]);
  const [addIssue] = useAddIssueMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (values: NewIssueValues) => {
    setOutcome(null);
    const result = await addIssue(newIssueBody(values));
    void dispatch(refreshIssuesAfterSending());
    // Any failure of the call is a sent result with status 200, that is, the generic error (spec 01 §4).
    const sent = 'data' in result ? result.data : undefined;
    setOutcome(
      sent && newIssueOutcome(sent.status) === 'success' ? { kind: 'success', sent } : { kind: 'error' },
    );
  };

  return (
    <Page className="new-issue" title={NEW_ISSUE_TITLE} back={pathTo('home')}>
      {withoutProducts && <CustomerServiceContact intro={NEW_ISSUE_NO_PRODUCTS} />}
      {!loaded && <Spinner />}
      {outcome?.kind === 'success' ? (
        <NewIssueSent sent={outcome.sent} />
      ) : (
        loaded &&
        !withoutProducts && (
          <>
            <p>{NEW_ISSUE_INTRO}</p>
            {outcome?.kind === 'error' && (
              <Notification kind="error" focusKey={outcome}>
                {NEW_ISSUE_ERROR}
              </Notification>
            )}
            <BlurValidatedForm
              initialValues={emptyNewIssue}
              validationSchema={schema}
              onSubmit={submit}
              className="new-issue__form"
            >
              <NewIssueFields points={points} />
            </BlurValidatedForm>
          </>
        )
      )}
    </Page>
  );
}
