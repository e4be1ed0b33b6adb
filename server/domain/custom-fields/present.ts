/** Custom field rows to API objects. */
import type {
  CustomField,
  CustomFieldTypeValue,
  CustomFieldValue,
} from '../../../shared/contract/resources/customFields.ts';
import { can, type OrgActor } from '../../policies/index.ts';
import type { CustomFieldsTable } from '../../storage/schema.ts';

/** The options of a stored field (null for the types without options). */
export function optionsOf(row: Pick<CustomFieldsTable, 'options'>): string[] | null {
  return row.options === null ? null : (JSON.parse(row.options) as string[]);
}

export function parseValue(text: string): CustomFieldValue {
  return JSON.parse(text) as CustomFieldValue;
}

export function presentCustomField(row: CustomFieldsTable, actor: OrgActor, baseUrl: string): CustomField {
  const options = optionsOf(row);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    type: row.type as CustomFieldTypeValue,
    placeholder: row.placeholder,
    ...(options !== null ? { options } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: `${baseUrl}/v1/orgs/${row.organization_id}/custom-fields/${row.name}` },
    permissions: {
      view: can(actor, 'organization.viewCustomFields', null),
      edit: can(actor, 'organization.manageCustomFields', null),
    },
  };
}
