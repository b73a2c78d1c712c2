package dev.ibmesh.device.hca.verbs;

import static dev.ibmesh.device.hca.verbs.QpAttrMask.ACCESS_FLAGS;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.AV;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.CUR_STATE;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.DEST_QPN;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.MAX_DEST_RD_ATOMIC;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.MAX_QP_RD_ATOMIC;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.MIN_RNR_TIMER;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.PATH_MTU;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.PKEY_INDEX;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.PORT;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.QKEY;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.RETRY_CNT;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.RNR_RETRY;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.RQ_PSN;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.SQ_PSN;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.STATE;
import static dev.ibmesh.device.hca.verbs.QpAttrMask.TIMEOUT;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The QP state machine (IBA 10.3, figure 120) with the attributes each transition requires and allows, per QP type:
 * the table of Linux {@code ib_modify_qp_is_ok}, limited to the attributes this HCA supports (no alternate path, no
 * path migration). Any state may go to RESET or ERR with no attributes.
 */
final class QpTransitions {
    private record Rule(Map<QpType, Set<QpAttrMask>> required, Map<QpType, Set<QpAttrMask>> optional) {}

    private static final Map<QpState, Map<QpState, Rule>> TABLE = new EnumMap<>(QpState.class);

    static {
        Set<QpAttrMask> none = EnumSet.noneOf(QpAttrMask.class);
        rule(
                QpState.RESET,
                QpState.INIT,
                by(
                        EnumSet.of(PKEY_INDEX, PORT, ACCESS_FLAGS),
                        EnumSet.of(PKEY_INDEX, PORT, ACCESS_FLAGS),
                        EnumSet.of(PKEY_INDEX, PORT, QKEY)),
                by(none, none, none));
        rule(
                QpState.INIT,
                QpState.INIT,
                by(none, none, none),
                by(
                        EnumSet.of(PKEY_INDEX, PORT, ACCESS_FLAGS),
                        EnumSet.of(PKEY_INDEX, PORT, ACCESS_FLAGS),
                        EnumSet.of(PKEY_INDEX, PORT, QKEY)));
        rule(
                QpState.INIT,
                QpState.RTR,
                by(
                        EnumSet.of(AV, PATH_MTU, DEST_QPN, RQ_PSN, MAX_DEST_RD_ATOMIC, MIN_RNR_TIMER),
                        EnumSet.of(AV, PATH_MTU, DEST_QPN, RQ_PSN),
                        none),
                by(
                        EnumSet.of(ACCESS_FLAGS, PKEY_INDEX),
                        EnumSet.of(ACCESS_FLAGS, PKEY_INDEX),
                        EnumSet.of(PKEY_INDEX, QKEY)));
        rule(
                QpState.RTR,
                QpState.RTS,
                by(
                        EnumSet.of(TIMEOUT, RETRY_CNT, RNR_RETRY, SQ_PSN, MAX_QP_RD_ATOMIC),
                        EnumSet.of(SQ_PSN),
                        EnumSet.of(SQ_PSN)),
                by(
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS, MIN_RNR_TIMER),
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS),
                        EnumSet.of(CUR_STATE, QKEY)));
        Rule inRts = new Rule(
                by(none, none, none),
                by(
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS, MIN_RNR_TIMER),
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS),
                        EnumSet.of(CUR_STATE, QKEY)));
        put(QpState.RTS, QpState.RTS, inRts);
        put(QpState.SQD, QpState.RTS, inRts);
        rule(QpState.RTS, QpState.SQD, by(none, none, none), by(none, none, none));
        rule(
                QpState.SQD,
                QpState.SQD,
                by(none, none, none),
                by(
                        EnumSet.of(
                                PORT,
                                AV,
                                TIMEOUT,
                                RETRY_CNT,
                                RNR_RETRY,
                                MAX_QP_RD_ATOMIC,
                                MAX_DEST_RD_ATOMIC,
                                ACCESS_FLAGS,
                                PKEY_INDEX,
                                MIN_RNR_TIMER),
                        EnumSet.of(AV, ACCESS_FLAGS, PKEY_INDEX),
                        EnumSet.of(PKEY_INDEX, QKEY)));
        rule(
                QpState.SQE,
                QpState.RTS,
                by(none, none, none),
                by(
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS),
                        EnumSet.of(CUR_STATE, ACCESS_FLAGS),
                        EnumSet.of(CUR_STATE, QKEY)));
        for (QpState from : QpState.values()) {
            put(from, QpState.RESET, new Rule(by(none, none, none), by(none, none, none)));
            put(from, QpState.ERR, new Rule(by(none, none, none), by(none, none, none)));
        }
    }

    private QpTransitions() {}

    private static Map<QpType, Set<QpAttrMask>> by(Set<QpAttrMask> rc, Set<QpAttrMask> uc, Set<QpAttrMask> ud) {
        Map<QpType, Set<QpAttrMask>> m = new EnumMap<>(QpType.class);
        m.put(QpType.RC, rc);
        m.put(QpType.UC, uc);
        m.put(QpType.UD, ud);
        return m;
    }

    private static void rule(
            QpState from, QpState to, Map<QpType, Set<QpAttrMask>> req, Map<QpType, Set<QpAttrMask>> opt) {
        put(from, to, new Rule(req, opt));
    }

    private static void put(QpState from, QpState to, Rule r) {
        TABLE.computeIfAbsent(from, k -> new EnumMap<>(QpState.class)).put(to, r);
    }

    /**
     * Throws unless a QP of {@code type} may go from {@code from} to {@code to} with exactly the attributes in
     * {@code mask} (STATE aside): every required one present and nothing beyond the allowed ones.
     */
    static void check(QpType type, QpState from, QpState to, Set<QpAttrMask> mask) {
        Rule rule = TABLE.getOrDefault(from, Map.of()).get(to);
        if (rule == null) {
            throw VerbsException.invalid("a " + type + " QP cannot go from " + from + " to " + to);
        }
        Set<QpAttrMask> missing = EnumSet.copyOf(rule.required.get(type));
        missing.removeAll(mask);
        if (!missing.isEmpty()) {
            throw VerbsException.invalid(type + " " + from + "->" + to + " requires " + missing);
        }
        Set<QpAttrMask> extra = EnumSet.copyOf(mask);
        extra.remove(STATE);
        extra.removeAll(rule.required.get(type));
        extra.removeAll(rule.optional.get(type));
        if (!extra.isEmpty()) {
            throw VerbsException.invalid(type + " " + from + "->" + to + " does not take " + extra);
        }
    }
}
