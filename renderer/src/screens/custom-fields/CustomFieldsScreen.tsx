/**
 * Custom fields: the grid of the organization's spaces by its fields (values edited in place, blocks pasted,
 * checked per type before sending), and the definitions manager. Values are read one space at a time, lazily, for
 * the rows on screen, kept in the query cache (useSpaceValues.ts); typed cells that are not saved stay on screen with their reason
 * (useCellEdits.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { contentQuery } from '../../queries/content.ts';
import { customFieldsQuery } from '../../queries/customFields.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { NotOffered } from '../../ui/ApiNotes.tsx';
import { Skeleton } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { FieldsManager } from './FieldsManager.tsx';
import { useCellEdits } from './useCellEdits.ts';
import { ValuesPanel } from './ValuesPanel.tsx';
import { useSpaceValues } from './useSpaceValues.ts';
import './custom-fields.css';

/** The Custom fields screen of one organization, or a line saying the profile's API has no custom fields. */
export function CustomFieldsScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  useDocumentTitle('Custom fields');
  const offered = useOffers(profileId, 'listOrganizationCustomFields', 'getSpaceCustomFields');
  if (offered === false)
    return (
      <section className="screen cf-screen" data-testid="custom-fields-screen" aria-labelledby="cf-title">
        <header className="screen-header">
          <h1 id="cf-title">Custom fields</h1>
        </header>
        <NotOffered testId="custom-fields-not-offered">
          Custom fields are not available: this profile&rsquo;s API does not offer them.
        </NotOffered>
      </section>
    );
  return <CustomFieldsWorkspace profileId={profileId} orgId={orgId} />;
}

/** The grid and the definitions manager. */
function CustomFieldsWorkspace({ profileId, orgId }: { profileId: string; orgId: string }) {
  const fieldsList = useQuery(customFieldsQuery(profileId, orgId));
  const content = useQuery(contentQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const [tab, setTab] = useState('values');
  // The values of this organization's spaces, in the query cache.
  const spaceValues = useSpaceValues(profileId, orgId);
  const edits = useCellEdits(spaceValues);

  const fields = fieldsList.data;
  const spaces = content.data?.spaces;
  // The benchmark's start: the spaces and the field definitions are parsed and in hand.
  const dataMarked = useRef(false);
  if (!dataMarked.current && fields !== undefined && spaces !== undefined) {
    dataMarked.current = true;
    performance.mark('custom-fields:data');
  }

  const { discard } = edits;
  const onValuesChanged = useCallback(
    (field: CustomField, deleted: boolean) => {
      if (deleted) {
        spaceValues.dropField(field.name);
        discard([...edits.drafts.keys()].filter((key) => key.endsWith(`\u0000${field.name}`)));
      } else spaceValues.clear();
    },
    [spaceValues, discard, edits.drafts],
  );

  const error = fieldsList.error ?? content.error;
  const canManage =
    fields === undefined || fields.length === 0 || fields.some((field) => field.permissions.edit);

  return (
    <section className="screen cf-screen" data-testid="custom-fields-screen" aria-labelledby="cf-title">
      <header className="screen-header">
        <h1 id="cf-title">Custom fields</h1>
        <p>Values every space of the organization carries, edited like a spreadsheet.</p>
      </header>
      {error !== null ? (
        <ErrorState
          error={error}
          what="the custom fields"
          profileName={profileName}
          onRetry={() => {
            void fieldsList.refetch();
            void content.refetch();
          }}
        />
      ) : fields === undefined || spaces === undefined ? (
        <div className="cf-loading" role="status" aria-busy="true" aria-label="Loading the custom fields">
          <Skeleton width="100%" height="2.5rem" />
          <Skeleton width="100%" height="16rem" />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={setTab} className="cf-tabs">
          <TabsList aria-label="Custom fields views">
            <TabsTrigger value="values" data-testid="cf-tab-values">
              Values
            </TabsTrigger>
            <TabsTrigger value="definitions" data-testid="cf-tab-definitions">
              {`Definitions (${fields.length})`}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="values" className="cf-tab-panel">
            <ValuesPanel
              spaces={spaces}
              fields={fields}
              spaceValues={spaceValues}
              drafts={edits.drafts}
              commit={edits.commit}
              discard={edits.discard}
              onDefine={() => setTab('definitions')}
            />
          </TabsContent>
          <TabsContent value="definitions" className="cf-tab-panel">
            <FieldsManager
              profileId={profileId}
              orgId={orgId}
              fields={fields}
              spaces={spaces}
              spaceValues={spaceValues}
              canManage={canManage}
              onValuesChanged={onValuesChanged}
            />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}
