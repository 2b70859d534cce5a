import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../shared-ui/Button.tsx';
import { goBack } from '../../shared-ui/goBack.ts';
import { Screen } from '../../shared-ui/Screen.tsx';
import { InfoArticle } from '../info/index.ts';
import { useSession } from '../session/index.ts';
import { REGISTER_DRAFT_KEY } from './registerForm.ts';

/** The user agreement as registration shows it, with "agree" ticking the register form's box. */
export function AgreementScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const agree = () => {
    const session = useSession.getState();
    const draft = session.backData[REGISTER_DRAFT_KEY];
    session.mergeBackData({
      [REGISTER_DRAFT_KEY]: { ...(typeof draft === 'object' ? draft : {}), agree: true },
    });
    goBack(navigate, '/register');
  };

  return (
    <Screen nav={{ title: t('routes.agreement') }}>
      <InfoArticle page="userAgreement" />
      <Button block onClick={agree} testId="agreement-accept">
        {t('agreement.accept')}
      </Button>
    </Screen>
  );
}
