import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { memberInputSchema, type Member } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { OptOutSwitch } from '../../components/whatsapp/opt-out-switch.tsx';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';
import { useWards, useWardWords } from '../../lib/wards.ts';
import { useSaveMember } from './api.ts';
import { memberErrorOfMessage, memberErrorOfSaveFailure } from './member-errors.ts';
import { MemberPanField } from './member-pan-field.tsx';

/** The form's fields as typed (strings; normalised by the shared schema on submit). */
interface MemberFormValues {
  name: string;
  mobile: string;
  parishNumber: string;
  alternateContact: string;
  currentLocation: string;
  email: string;
  address: string;
  /** The member's ward id, or null for none (issue 28 item 7; decision 0126). */
  wardId: string | null;
}

function initialValues(member: Member | null): MemberFormValues {
  return {
    name: member?.name ?? '',
    mobile: member?.mobile ?? '',
    parishNumber: member?.parishNumber ?? '',
    alternateContact: member?.alternateContact ?? '',
    currentLocation: member?.currentLocation ?? '',
    email: member?.email ?? '',
    address: member?.address ?? '',
    wardId: member?.wardId ?? null,
  };
}

/**
 * The add/edit member dialog (docs/domain.md, "§5 Validation", "Member form"). Checked with the
 * shared `memberInputSchema` before sending (the normalised values are sent); the first problem
 * shows as an alert titled by what it says (Validation Error, Invalid Mobile Number, ... Duplicate
 * Member; Save Error otherwise).
 * The ward select lists the parish's wards in its word ("Ward"/"Family unit"), with none first.
 * Editing shows the member's WhatsApp opt-out switch (`OptOutSwitch`), which saves at once.
 * Mount it with a `key` per member so each opening starts from that member's values.
 */
export function MemberFormModal({
  opened,
  member,
  onClose,
}: {
  opened: boolean;
  /** The member to edit, or null to add one. */
  member: Member | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMember();
  const words = useWardWords();
  const wards = useWards();
  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(member),
    validate: schemaValidator<MemberFormValues>(memberInputSchema, {
      message: (first) => first ?? t('members.saveFailed'),
    }),
    transformValues: (values) => parseValues(memberInputSchema, values),
  });
  const shown = formErrorOf(form.errors);
  // A validation message is titled by what it says; a failed save carries its own title.
  const error = shown
    ? { message: shown.message, titleKey: shown.title ?? memberErrorOfMessage(shown.message).titleKey }
    : null;
  const field = (name: keyof MemberFormValues) => form.getInputProps(name);

  function submit(input: ReturnType<typeof form.getTransformedValues>) {
    save.mutate(
      { id: member?._id ?? null, input },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: t('common.success'),
            message: member ? t('members.form.updated') : t('members.form.added'),
          });
          onClose();
        },
        onError: (caught) => {
          const failure = memberErrorOfSaveFailure(caught, t('members.saveFailed'));
          form.setErrors(formErrors(failure.message, failure.titleKey));
        },
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={member ? t('members.form.editTitle') : t('members.form.addTitle')}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" role="alert" title={t(error.titleKey)}>
              {error.message}
            </Alert>
          ) : null}
          <TextInput label={t('members.form.name')} required autoComplete="off" data-autofocus {...field('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('members.form.mobile')}
              description={t('members.form.mobileHint')}
              required
              inputMode="tel"
              autoComplete="off"
              {...field('mobile')}
            />
            <TextInput
              label={t('members.form.parishNumber')}
              description={t('members.form.parishNumberHint')}
              required
              autoComplete="off"
              {...field('parishNumber')}
            />
            <TextInput
              label={t('members.form.alternateContact')}
              inputMode="tel"
              autoComplete="off"
              {...field('alternateContact')}
            />
            <TextInput label={t('members.form.currentLocation')} autoComplete="off" {...field('currentLocation')} />
          </SimpleGrid>
          <TextInput label={t('members.form.email')} type="email" autoComplete="off" {...field('email')} />
          <Textarea label={t('members.form.address')} autosize minRows={2} maxRows={5} {...field('address')} />
          <NativeSelect
            label={t('wards.memberField', { ward: words.one })}
            value={form.values.wardId ?? ''}
            onChange={(event) => form.setFieldValue('wardId', event.currentTarget.value || null)}
            error={form.errors.wardId}
            data={[
              { value: '', label: t('wards.memberFieldNone', { ward: words.ward }) },
              ...(wards.data ?? []).map((ward) => ({ value: ward.id, label: ward.name })),
            ]}
          />
          {member ? (
            <>
              <Divider />
              <OptOutSwitch memberId={member._id} />
              <MemberPanField memberId={member._id} />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {member ? t('members.form.submitEdit') : t('members.form.submitAdd')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
